"""`python -m bench`: every benchmark of the performance issue (see bench/run.py)."""
import sys

from bench.run import main

sys.exit(main())
