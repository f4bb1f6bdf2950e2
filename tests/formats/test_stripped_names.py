"""Formats whose markers a server stripped (or the prompt holds): a declared tool's name opening
the content is recognised; an undeclared or merely mentioned name is prose."""
from helpers import check, tools

T = tools("get_weather")


def test_mistral_stripped_name_then_json():
    check('get_weather{"city": "Paris"}', tools=T, calls=[("get_weather", {"city": "Paris"})], content="")
    check('get_weather[ARGS]{"city": "Paris"}', tools=T, calls=[("get_weather", {"city": "Paris"})])


def test_functionary_first_call_without_its_marker():
    msg = check('get_weather\n{"city": "Paris"}\n>>>get_weather\n{"city": "Oslo"}', tools=T,
                calls=[("get_weather", {"city": "Paris"}), ("get_weather", {"city": "Oslo"})])
    assert msg.content == ""


def test_a_name_in_prose_or_without_tools_is_text():
    check("get_weather is a tool I have", tools=T, calls=[], content="get_weather is a tool I have")
    check('Use get_weather{"city": "Paris"}', tools=T, calls=[])
    check('get_weather{"city": "Paris"}', calls=[], content='get_weather{"city": "Paris"}')
    check('get_time{"zone": "CET"}', tools=T, calls=[])
