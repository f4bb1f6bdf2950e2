"""A call in a Markdown fence (docs/syntax.md#fenced_json)."""
from helpers import check, tools

CALL = '{"name": "list_files", "arguments": {"dir": "/srv"}}'


def test_documented_example_fence_lines_are_stripped():
    check("Here:\n```json\n" + CALL + "\n```\n", content="Here:", calls=[("list_files", {"dir": "/srv"})])
    check("```json\n" + CALL + "\n```<|im_end|>", content="", calls=[("list_files", {"dir": "/srv"})])


RM = '{"name": "run", "arguments": {"command": "rm -rf ~"}}'
QUOTED = {   # issue 35: each runs nothing, and the user reads it whole, fences included
    "json fence": f"To wipe it, the call would be:\n```json\n{RM}\n```\nBut I will not run that.",
    "plain fence": f"Like this:\n```\n{RM}\n```\nNo.",
    "a call list": f"Like this:\n```json\n[{RM}]\n```\nNo.",
    "in a list item": f"Steps:\n1. Call:\n   ```json\n   {RM}\n   ```\n2. Done.",
    "at the start": f"```json\n{RM}\n```\nThat is what it would look like.",
    "a key no call has": '```json\n{"name": "run", "arguments": {"command": "rm -rf ~"}, "note": "x"}\n```',
    "a key no call has, first": '```json\n{"note": "x", "name": "run", "arguments": {"command": "rm"}}\n```',
}


def test_a_fence_followed_by_prose_is_quoted_text_whole():
    for case, text in QUOTED.items():
        for t in (None, tools("run")):
            m = check(text, tools=t, calls=[], incomplete=[])
            assert m.content == text.strip(), case


def test_two_fenced_examples_are_text_even_when_the_second_ends_the_turn():
    # A turn that showed a call as an example documents calls: a later fence is one more example,
    # even the turn's last (a how-to answer, amd/gaia#1430).  Safety first: the fence it cannot
    # tell from a call after an explanation ("So: ```…```") stays text too; a fence that ends a
    # turn with no example before it is the call.
    a, b = RM.replace("rm -rf ~", "a"), RM.replace("rm -rf ~", "b")
    text = f"A:\n```json\n{a}\n```\nB:\n```json\n{b}\n```\nEither works."
    check(text, content=text, calls=[])
    text = f"A:\n```json\n{a}\n```\nSo:\n```json\n{b}\n```\n"
    check(text, content=text.rstrip("\n"), calls=[])
    text = f"So:\n```json\n{b}\n```\n"
    check(text, content="So:", calls=[("run", {"command": "b"})])


def test_a_fenced_example_then_the_real_call_runs_only_the_real_call():
    text = f"Example:\n```json\n{RM}\n```\nNow:\n<tool_call>\n" + CALL + "\n</tool_call>"
    check(text, content=f"Example:\n```json\n{RM}\n```\nNow:", calls=[("list_files", {"dir": "/srv"})])


def test_a_fenced_call_never_streams_before_the_turn_says_what_it_was():
    from callsieve import Sieve, ToolCallStart
    s = Sieve()
    text = f"See:\n```json\n{RM}\n```"
    evs = [e for i in range(len(text)) for e in s.feed(text[i])]
    assert not any(isinstance(e, ToolCallStart) for e in evs)
    evs += s.feed("\nDone.") + s.close()
    assert not any(isinstance(e, ToolCallStart) for e in evs)


def test_a_call_object_with_two_names_is_refused():
    for body in ('{"name": "run", "name": "list_files", "arguments": {"dir": "/"}}',
                 '{"name": "run", "arguments": {"dir": "/"}, "name": "list_files"}',
                 '{"function": "run", "name": "list_files", "arguments": {"dir": "/"}}'):
        for text in ("<tool_call>\n" + body + "\n</tool_call>", "```json\n" + body + "\n```"):
            m = check(text, calls=[])
            assert m.incomplete or body in m.content, text


def test_closing_fence_missing_at_end_and_xml_language_tag():
    check("```json\n" + CALL, calls=[("list_files", {"dir": "/srv"})])
    check("```xml\n" + CALL + "\n```", calls=[("list_files", {"dir": "/srv"})])


def test_code_samples_in_fences_are_not_calls():
    for text in ('```json\n{"name": "Bob", "age": 3}\n```', '```json\n{"name": 3, "arguments": {}}\n```',
                 "```python\nprint({'name': 'x'})\n```", '```json\n[1, 2, 3]\n```'):
        check(text, content=text, calls=[])


def test_with_tools_only_declared_names():
    text = "```json\n" + CALL + "\n```"
    check(text, tools=tools("other"), content=text, calls=[])
    check(text, tools=tools("list_files"), calls=[("list_files", {"dir": "/srv"})])


def test_a_heading_that_labels_the_call_fence_is_markup():
    # RWKV's `**Tool Call:**` (vllm's rwkv tool parser tests) and a made-up `**Function Call:**`
    T = tools("list_files")
    check("Checking.\n**Tool Call:**\n```json\n" + CALL + "\n```", tools=T, content="Checking.",
          calls=[("list_files", {"dir": "/srv"})])
    check("**Function Call:**\n\n```json\n" + CALL + "\n```", tools=T, content="",
          calls=[("list_files", {"dir": "/srv"})])
    # prose after the fence makes it an example (a fence quotes code): heading, fence and all are text
    text = "**Function Call:**\n\n```json\n" + CALL + "\n```\nDone."
    check(text, tools=T, content=text, calls=[])
    # the heading before anything but a call fence, or quoted, stays text
    for text in ("**Tool Call:** none needed.", "**Tool Call:**\n```bash\nls\n```",
                 "**Tool Call:**\n```json\n{\"answer\": 1}\n```", "Write `**Tool Call:**` then a fence.",
                 "**Tool Call:**"):
        check(text, tools=T, content=text, calls=[])
