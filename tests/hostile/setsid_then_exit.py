# Leaves a setsid'd grandchild with an empty environment, waits a moment, then the
# process itself dies: the grandchild is orphaned outside the group, session and mark.
import os
import time


def grad_w_and_x(scale, w, x, y):
    r, w_ = os.pipe()
    if os.fork() == 0:
        os.setsid()
        if os.fork() == 0:
            os.write(w_, os.readlink("/proc/self").encode())  # the pid the machine sees
            os.execve("/bin/sleep", ["sleep", "1000"], {})
        os._exit(0)
    os.close(w_)
    print(f"PID {int(os.read(r, 32))}", flush=True)
    time.sleep(0.5)
    os._exit(0)
