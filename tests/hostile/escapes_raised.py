# Prints and raises text made to attack a teacher's terminal: escape sequences that clear
# the screen, move up and erase a line, write the clipboard (OSC 52) and open a C1 CSI,
# with Rich markup; the exception's type and a function in the traceback are named with
# them too. The tutor must show all of it as written, and none of it may act.
ATTACK = ("\x1b[2J\x1b[1A\x1b[2K\x1b]52;c;Y2F0IH4vLnNzaC9pZF9yc2E=\x07\x9b31m"
          "[red]red[/red] [link=https://example.invalid]link[/link] [@click=app.quit]q[/]")
print("printed " + ATTACK)

Boom = type("Boom\x1b[2J", (Exception,), {})


def helper():
    raise Boom("raised " + ATTACK)


helper.__code__ = helper.__code__.replace(co_name="helper\x1b[1A\x1b[2K")


def grad_w_and_x(scale, w, x, y):
    helper()
