import sys
from pathlib import Path

# tests/helpers.py and tests/corpus.py are importable as plain modules
sys.path.insert(0, str(Path(__file__).parent))

from hypothesis import HealthCheck, settings  # noqa: E402

# "ci": what `python -m pytest` runs.  "long": `--hypothesis-profile=long`, a fuzzing run (not CI).
settings.register_profile("ci", max_examples=150, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
settings.register_profile("long", max_examples=20_000, deadline=None, database=None,
                          suppress_health_check=list(HealthCheck))
settings.load_profile("ci")
