"""The only door to learner code: host/ runs in the tutor (sandbox.py's `Child`), inside/ in
the jailed learner's process (learner_process.py); wire.py holds what both sides say."""
