"""A long fuzzing run of the attack properties (not part of CI): `python tests/fuzz.py --minutes 30`.

It runs tests/test_property_attacks.py's properties with hypothesis, batch after batch under
new seeds, until the time is up; the first failure is printed (hypothesis shrinks it) and the
run stops with status 1.  See docs/fuzzing.md for what a run covers and what the last one found.
"""
import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src"))

from hypothesis import HealthCheck, settings  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--minutes", type=float, default=30.0)
    ap.add_argument("--batch", type=int, default=2000, help="examples per property per batch")
    args = ap.parse_args()
    # No database and random seeds: every batch draws new inputs.
    settings.register_profile("fuzz", max_examples=args.batch, deadline=None, database=None,
                              suppress_health_check=list(HealthCheck))
    settings.load_profile("fuzz")
    import test_property_attacks as attacks
    props = [attacks.test_hostile_streams_keep_every_promise,
             attacks.test_calls_inside_thinking_keep_every_promise,
             attacks.test_a_broken_tool_list_is_a_value_error_or_works]
    end, n, t0 = time.monotonic() + args.minutes * 60, 0, time.process_time()
    while time.monotonic() < end:
        for prop in props:
            try:
                prop()
            except Exception as e:
                print(f"FAILED after {n} examples: {type(e).__name__}: {e}", flush=True)
                print(*getattr(e, "__notes__", ()), sep="\n", flush=True)   # the falsifying example
                return 1
            n += args.batch
        print(f"{n} examples, {time.process_time() - t0:.0f} CPU s, no failure", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
