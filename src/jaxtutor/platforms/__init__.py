"""Where a course runs besides the terminal: grading platforms, notebooks, the web."""

# when Gradescope shows a test's result to students; here, not in gradescope.py, so the
# CLI's parser offers them without importing the grader (about 80 ms of every command)
VISIBILITIES = ("visible", "hidden", "after_due_date", "after_published")
