# Answers the tutor's export request itself, with 9 MiB that are not even a program: the
# checking process refuses it by its size before reading it, and says so.
import base64
import sys


def scan_training_step(w, lr, x_batches, y_batches):
    return w


def _forged_export(request):
    module = base64.b64encode(bytes(9 * 1024 * 1024)).decode()
    program = {"ok": True, "tree": {"py": "int", "v": 0}, "module": module}
    return {"ok": True, "programs": [program]}


for child in (
    sys.modules.get("jaxtutor.runner.inside.learner_process"),
    sys.modules.get("__main__"),
):
    if hasattr(child, "_HANDLERS"):
        child._HANDLERS["export"] = _forged_export
        break
