# Returns a value whose type is named with escape sequences and Rich markup, so the
# tests' messages describing it carry them (see escapes_raised.py), and prints them.
ATTACK = ("\x1b[2J\x1b[1A\x1b[2K\x1b]52;c;Y2F0IH4vLnNzaC9pZF9yc2E=\x07\x9b31m"
          "[red]red[/red] [link=https://example.invalid]link[/link] [@click=app.quit]q[/]")
print("printed " + ATTACK)

Hostile = type("Hostile" + ATTACK, (), {})


def grad_w_and_x(scale, w, x, y):
    return Hostile()
