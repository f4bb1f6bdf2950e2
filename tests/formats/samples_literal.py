"""Samples of the literal-syntax families (Gemma 4, FunctionGemma, pythonic, LFM2, harmony) for the
property tests, and a check shared by their tests: a long string argument streams."""
from callsieve import Sieve, ToolCallArgs, ToolCallEnd, ToolCallStart

SAMPLES = [
    ("gemma_special", '<|tool_call>call:note{text:<|"|>a, b} <tool_call|> c<|"|>,tags:[<|"|>x<|"|>,2]}<tool_call|>',
     [("note", {"text": "a, b} <tool_call|> c", "tags": ["x", 2]})]),
    ("gemma_special", "<|tool_call|>call:get_time{}", [("get_time", {})]),
    ("functiongemma", "<start_function_call>call:send_sms{to:<escape>+354000<escape>,urgent:false}<end_function_call>",
     [("send_sms", {"to": "+354000", "urgent": False})]),
    ("pythonic", "<|python_start|>[find_recipe(dish='mole', vegan=False), now()]<|python_end|>",
     [("find_recipe", {"dish": "mole", "vegan": False}), ("now", {})]),
    ("pythonic", '<function_calls>\nsend_sms(to="+354000", body="it\'s \\"ready\\"", n=[1, (2, None)])\n</function_calls>',
     [("send_sms", {"to": "+354000", "body": 'it\'s "ready"', "n": [1, [2, None]]})]),
    ("lfm2", '<|tool_call_start|>[Calendar.add_event(title="Stand-up ✓", when={"h": 9}, on=True)]<|tool_call_end|>',
     [("Calendar.add_event", {"title": "Stand-up ✓", "when": {"h": 9}, "on": True})]),
    ("lfm2", '<|tool_call_start|>[{"name": "toggle_lamp", "arguments": {"room": "attic"}}]<|tool_call_end|>',
     [("toggle_lamp", {"room": "attic"})]),
    ("harmony", "<|channel|>analysis<|message|>Count it first.<|end|><|start|>assistant<|channel|>commentary "
                'to=functions.count_words <|constrain|>json<|message|>{"path": "notes.md"}<|call|>',
     [("count_words", {"path": "notes.md"})]),
    ("harmony", '<|start|>assistant to=functions.run<|channel|>commentary json<|message|>{"code": "x = \'<|call|>\'"}'
                "<|call|>",
     [("run", {"code": "x = '<|call|>'"})]),
]

NEAR_MISSES = [
    "<|tool_call>call: not a call", "[link](http://x)", "[see(below)]", "<|channel|>thought", "<|start|>user",
    "<start_function_call>", "<|tool_call_start|>nothing", "<function_calls> none", "analysis of it",
]


def long_string_streams(head: str, tail: str, key: str, **kw) -> None:
    """Feed `head` (a call up to the opening of string argument `key`), a long value in pieces,
    then `tail`: the argument text must go out while the value is written, before the call ends."""
    piece = "naïve \\ data, } ) ] <x> "
    s = Sieve(**kw)
    evs = s.feed(head)
    streamed = 0
    for _ in range(40):
        got = s.feed(piece)
        assert not any(isinstance(e, ToolCallEnd) for e in got)
        streamed += sum(len(e.delta) for e in got if isinstance(e, ToolCallArgs))
        evs += got
    assert any(isinstance(e, ToolCallStart) for e in evs)
    assert streamed >= 30 * len(piece), "the long value did not stream"
    evs += s.feed(tail) + s.close()
    ends = [e for e in evs if isinstance(e, ToolCallEnd)]
    assert len(ends) == 1 and ends[0].arguments[key] == piece * 40, ends
