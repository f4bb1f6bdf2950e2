"""GigaChat 3: `function call` after <|message_sep|> (formats.md §2.26)."""
from callsieve import formats
from helpers import check, tools

EX = 'Checking.<|message_sep|>\n\nfunction call<|role_sep|>\n{"name": "water_plants", "arguments": {"zone": "roof"}}'


def test_documented_example_trigger_split_anywhere():
    m = check(EX, content="Checking.", calls=[("water_plants", {"zone": "roof"})])
    assert m.format == "gigachat"
    check(EX + "</s>", content="Checking.", calls=[("water_plants", {"zone": "roof"})])


def test_function_call_token_builds():
    check('<|function_call|>{"name": "f", "arguments": {"a": 1}}', calls=[("f", {"a": 1})])


def test_separator_without_a_call_stays_text():
    for text in ("A.<|message_sep|>\n\nfunction calls are fun", "<|function_call|> hm"):
        check(text, content=text, calls=[])
    check("Done.<|message_sep|>", content="Done.", calls=[])     # alone at the end: markup


def test_stripped_special_tokens():
    text = 'Checking.\n\nfunction call\n{"name": "water_plants", "arguments": {"zone": "roof"}}'
    check(text, tools=tools("water_plants"), calls=[("water_plants", {"zone": "roof"})])
    check(text, content=text, calls=[])                                    # no tools declared: no guess
    prose = "I will make a function call now."
    check(prose, tools=tools("water_plants"), content=prose, calls=[])


def test_model_names():
    assert formats.for_model("ai-sage/GigaChat3-10B-A1.8B") == "gigachat"
