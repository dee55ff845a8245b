# A wrong answer that forges the runner's replies (load ok, then answers for every call)
# and writes them to every descriptor from 3 to 20, where the result pipe would be by
# default.
import os
import struct
import json

import jax.numpy as jnp
from jaxtutor.runner import wire


def frame(message):
    data = json.dumps(message).encode()
    return struct.pack(">I", len(data)) + data


answers = [{"ok": True, "value": wire.encode_value((1.0, [1.0, 1.0]))}] * 20
forged = frame({"ok": True, "id": 1}) + frame({"ok": True, "id": 2, "results": answers})

for fd in range(3, 21):
    try:
        os.write(fd, forged)
    except OSError:
        pass


def grad_w_and_x(scale, w, x, y):
    return jnp.zeros_like(w), jnp.zeros_like(x)
