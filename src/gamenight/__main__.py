"""``python -m gamenight``: the same commands as the ``gamenight`` script."""

from gamenight.cli import app

if __name__ == "__main__":
    app()
