"""The only door to learner code: sandbox.py (trusted side) and child.py (untrusted side)."""
