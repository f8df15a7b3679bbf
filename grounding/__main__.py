import sys

from grounding.cli import main

sys.exit(main())
