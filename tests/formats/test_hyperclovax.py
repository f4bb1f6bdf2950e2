"""HyperCLOVA X's ` -> tool/function_call` header, then a JSON list (docs/syntax.md#hyperclovax)."""
from callsieve import formats
from helpers import check, tools

T = tools("get_weather", "get_time")


def test_the_header_then_a_list_of_calls():
    check(' -> tool/function_call\n[{"name": "get_weather", "arguments": {"city": "Seoul"}}]<|im_end|>', tools=T,
          content="", calls=[("get_weather", {"city": "Seoul"})])
    check(' -> tool/function_call\n[{"name": "get_weather", "parameters": {"city": "Busan"}}, '
          '{"name": "get_time", "parameters": {"tz": "Asia/Seoul"}}]', tools=T,
          calls=[("get_weather", {"city": "Busan"}), ("get_time", {"tz": "Asia/Seoul"})])


def test_made_up_variants_prose_before_one_object_a_python_dict():
    check('Let me check.\n-> tool/function_call\n{"name": "get_time", "arguments": {"tz": "UTC"}}', tools=T,
          content="Let me check.", calls=[("get_time", {"tz": "UTC"})])
    check("-> tool/function_call\n[{'name': 'get_time', 'arguments': {'tz': 'UTC'}}]", tools=T,
          calls=[("get_time", {"tz": "UTC"})])


def test_the_abbreviated_form_names_a_declared_tool():
    check('-> tool/get_weather\n{"city": "Seoul"}', tools=T, content="", calls=[("get_weather", {"city": "Seoul"})])
    # an undeclared name, no tools, or no object after the line: text
    for text, kw in (('-> tool/rm\n{"path": "/"}', {"tools": T}), ('-> tool/get_weather\n{"city": "Seoul"}', {}),
                     ("a -> tool/get_weather\nthen prose", {"tools": T}), ("x -> tool/function_call is it", {})):
        check(text, content=text, calls=[], **kw)


def test_cut_or_bad_calls_are_not_run():
    check(' -> tool/function_call\n[{"name": "get_weather", "arguments": {"city": "Seo', tools=T, calls=[])


def test_model_names_pre_seed_it():
    assert formats.for_model("naver-hyperclovax/HyperCLOVAX-SEED-Think-14B") == "hyperclovax"
