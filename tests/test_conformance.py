"""CanIToolCall, the field's conformance suite, only moves forward.

Every fixture of the suite is replayed through callsieve (bench/conformance); a fixture that
passed, or soft-passed, in the committed baseline must still do at least as well.  After an
improvement, record it: `python -m bench --conformance --baseline` (and commit the baseline).
"""
import pytest

canitoolcall = pytest.importorskip("canitoolcall")

from bench.conformance import SUITE_VERSION, load_baseline, measure  # noqa: E402

RANK = {"pass": 0, "soft_pass": 1, "fail": 2, "error": 2}


@pytest.fixture(scope="module")
def cases():
    return measure()


def test_the_suite_is_the_pinned_version():
    assert canitoolcall.__version__ == SUITE_VERSION == load_baseline()["canitoolcall"]


def test_no_fixture_does_worse_than_in_the_baseline(cases):
    base = load_baseline()["status"]
    assert set(base) <= set(cases), f"fixtures gone from the suite: {sorted(set(base) - set(cases))[:5]}"
    worse = {k: f"{base[k]} → {c.status}: {c.detail}" for k, c in cases.items()
             if k in base and RANK[c.status] > RANK[base[k]]}
    assert not worse, "\n".join(f"{k}: {v}" for k, v in sorted(worse.items()))


def test_streaming_never_differs_from_whole_text(cases):
    assert [k for k, c in cases.items() if not c.streams_agree] == []


def test_thinking_comes_from_the_generation_prompt():
    from bench.conformance.adapter import thinking_from_prompt as t
    assert t("<|im_start|>assistant\n<think>\n") is True                     # opened, not closed
    assert t('<|open|>message role="assistant"<|sep|><|open|>think<|sep|>') is True
    assert t("<|im_start|>assistant\n<think>\n\n</think>\n\n") is False      # an empty block
    assert t("<|turn>model\n<|channel>thought\n<channel|>") is False
    assert t("<｜Assistant｜></think>") is False                              # a lone closer
    assert t("<|im_start|>assistant\n") is None and t(None) is None
    assert t("<|im_start|>assistant\n<think>\n", flag=False) is False        # the request said no
    assert t("<think>It was this.</think>") is None                          # a real block: no hint


# Through `callsieve serve`, as each API's client sees it (bench/conformance/proxy.py), on the
# fixtures where a call is cut off or malformed: what the proxy must never turn into a call.
@pytest.fixture(scope="module")
def bad_calls(cases):
    return {k for k, c in cases.items() if {"truncated", "malformed"} & set(c.tags)}


@pytest.mark.parametrize("api,mode", [("chat", "whole"), ("responses", "whole"), ("responses", "stream"),
                                      ("messages", "whole")])
def test_a_client_sees_the_library_result_when_calls_come_whole(cases, bad_calls, api, mode):
    """Whole-call delivery (the default for Chat and Messages), and Responses, whose client acts
    on `output_item.done`: fixture by fixture what the library gives, streamed and not."""
    pytest.importorskip("starlette")
    from bench.conformance.proxy import ProxyAdapter, Proxy
    seen = measure(ids=bad_calls, adapter=ProxyAdapter(Proxy(), api, mode))
    differ = {k: f"{cases[k].status} → {c.status}: {c.detail}" for k, c in seen.items()
              if c.status != cases[k].status or not c.streams_agree}
    assert not differ, "\n".join(f"{k}: {v}" for k, v in sorted(differ.items()))


def test_a_streamed_chat_client_keeps_a_call_that_was_then_cut(cases, bad_calls):
    """`--calls stream` to a Chat client: what it accumulated of a cut-off call stays (the reason
    `auto` delivers Chat calls whole). The docs' figures for this mode are measured, not assumed."""
    pytest.importorskip("starlette")
    from bench.conformance.proxy import ProxyAdapter, Proxy
    seen = measure(ids=bad_calls, adapter=ProxyAdapter(Proxy(), "chat", "stream"))
    kept = sorted(k for k, c in seen.items() if c.status == "fail" and cases[k].status != "fail")
    assert "qwen3-hermes/truncated-mid-arguments-no-thinking" in kept
    assert all(not seen[k].streams_agree for k in kept)
