import sys

from aisle.entry import main

sys.exit(main())
