"""dots.llm: <dots_function_call><invoke name="N"><parameter name="k">v</parameter></invoke></dots_function_call>,
or a JSON call object inside the wrapper (docs/syntax.md#dots).

A family of known parts, declared with no code (formats/_parts.py): the Invoke body, with its
`json_calls` option, in the family's own wrapper."""
from ._parts import Family, Invoke

DOTS = Family(
    "dots", "<dots_function_call>", Invoke(prefixes=("",), json_calls=True), closer="</dots_function_call>",
    own=True, aliases=("dots_llm",),
    description="dots.llm <dots_function_call> with <invoke> XML or a JSON call",
    models=("dots.llm*", "dots-llm*", "dots1*", "dots.llm1*"), priority=50,
    example='<dots_function_call><invoke name="mute"><parameter name="room">den</parameter></invoke></dots_function_call>')
