"""A call in a Markdown fence (docs/syntax.md#fenced_json)."""
from helpers import check, tools

CALL = '{"name": "list_files", "arguments": {"dir": "/srv"}}'


def test_documented_example_fence_lines_are_stripped():
    check("Here:\n```json\n" + CALL + "\n```\nDone.", content="Here:\nDone.", calls=[("list_files", {"dir": "/srv"})])


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
    check("**Function Call:**\n\n```json\n" + CALL + "\n```\nDone.", tools=T, content="Done.",
          calls=[("list_files", {"dir": "/srv"})])
    # the heading before anything but a call fence, or quoted, stays text
    for text in ("**Tool Call:** none needed.", "**Tool Call:**\n```bash\nls\n```",
                 "**Tool Call:**\n```json\n{\"answer\": 1}\n```", "Write `**Tool Call:**` then a fence.",
                 "**Tool Call:**"):
        check(text, tools=T, content=text, calls=[])
