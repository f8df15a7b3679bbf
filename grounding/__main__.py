from grounding.cli import run

run()
