import sys
from pathlib import Path

# tests/helpers.py and tests/corpus.py are importable as plain modules
sys.path.insert(0, str(Path(__file__).parent))
