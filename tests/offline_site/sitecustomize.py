"""Test-only: loaded through PYTHONPATH by tests/test_offline.py into every Python process
of a run (the trusted side and each learner child). Any attempt to reach the network
is written to $JAXTUTOR_NET_LOG and refused, so a test sees it even if the caller
swallows the error."""

import os
import socket
import sys

_LOG = os.environ.get("JAXTUTOR_NET_LOG")
_NETWORK_EVENTS = {"socket.connect", "socket.getaddrinfo", "socket.gethostbyname",
                   "socket.gethostbyaddr", "socket.sendto", "socket.sendmsg"}


def _local(args) -> bool:
    """A Unix socket (the fork server's, say) is not the network."""
    sock = args[0] if args else None
    return getattr(sock, "family", None) == getattr(socket, "AF_UNIX", None)


def _refuse(event, args):
    if event not in _NETWORK_EVENTS or _local(args):
        return
    if _LOG:
        with open(_LOG, "a", encoding="utf-8") as log:
            log.write(f"{os.getpid()} {' '.join(sys.argv[:3])}: {event} {args!r}\n")
    raise OSError(f"network use refused in an offline test: {event}")


if _LOG:
    sys.addaudithook(_refuse)
