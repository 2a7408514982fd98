import sys

from aisle.cli import main

sys.exit(main())
