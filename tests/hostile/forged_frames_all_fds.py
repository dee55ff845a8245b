# Like forged_frames_low_fds.py, but finds every open descriptor in /proc/self/fd, so
# the forgery does reach the result pipe: the nonce must give it away.
import json
import os
import stat
import struct

import jax.numpy as jnp
from jaxtutor.runner import wire


def frame(message):
    data = json.dumps(message).encode()
    return struct.pack(">I", len(data)) + data


answers = [{"ok": True, "value": wire.encode_value((1.0, [1.0, 1.0]))}] * 20
forged = frame({"ok": True, "id": 1}) + frame({"ok": True, "id": 2, "results": answers})

for name in os.listdir("/proc/self/fd"):
    fd = int(name)
    try:
        if fd > 2 and stat.S_ISFIFO(os.fstat(fd).st_mode):
            os.write(fd, forged)
    except OSError:
        pass


def grad_w_and_x(scale, w, x, y):
    return jnp.zeros_like(w), jnp.zeros_like(x)
