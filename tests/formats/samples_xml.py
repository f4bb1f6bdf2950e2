"""Samples of the XML-like families (formats.md §2.2–§2.7, §2.10, §2.11) for the property tests."""

SAMPLES = [
    ("qwen3_coder", "<tool_call>\n<function=set_alarm>\n<parameter=label>\nfeed the cat\n</parameter>\n"
                    "<parameter=minutes>\n45\n</parameter>\n</function>\n</tool_call>",
     [("set_alarm", {"label": "feed the cat", "minutes": 45})]),
    ("qwen3_coder", "<tool_call>\n<function=run>\n<parameter=code>\nprint('</parameter>')\n</parameter>\n"
                    "</function>\n</tool_call>",
     [("run", {"code": "print('</parameter>')"})]),
    ("seed_oss", "<seed:tool_call><function=track_parcel><parameter=code>ZX4471</parameter></function></seed:tool_call>",
     [("track_parcel", {"code": "ZX4471"})]),
    ("glm", "<tool_call>play_song<arg_key>title</arg_key><arg_value>Blue Train</arg_value>"
            "<arg_key>shuffle</arg_key><arg_value>false</arg_value></tool_call>",
     [("play_song", {"title": "Blue Train", "shuffle": False})]),
    ("glm", "<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Zürich</arg_value>\n</tool_call>",
     [("get_weather", {"city": "Zürich"})]),
    ("glm", "<tool_call>get_time</tool_call>", [("get_time", {})]),
    ("hunyuan_v3", "<tool_calls><tool_call>mute<tool_sep><arg_key>room</arg_key><arg_value>den</arg_value>"
                   "</tool_call></tool_calls>",
     [("mute", {"room": "den"})]),
    ("minimax_m2", '<minimax:tool_call>\n<invoke name="water_plants">\n<parameter name="zone">greenhouse</parameter>\n'
                   '<parameter name="liters">3</parameter>\n</invoke>\n</minimax:tool_call>',
     [("water_plants", {"zone": "greenhouse", "liters": 3})]),
    ("minicpm5", '<function name="translate_text"><param name="text">fish &amp; chips</param>'
                 '<param name="target">pt</param></function>',
     [("translate_text", {"text": "fish & chips", "target": "pt"})]),
    ("minicpm5", '<function name="now"/>', [("now", {})]),
    ("deepseek_dsml", '<｜DSML｜function_calls><｜DSML｜invoke name="rate_movie"><｜DSML｜parameter name="title" '
                      'string="true">Alien</｜DSML｜parameter><｜DSML｜parameter name="stars" string="false">4'
                      '</｜DSML｜parameter></｜DSML｜invoke></｜DSML｜function_calls>',
     [("rate_movie", {"title": "Alien", "stars": 4})]),
    ("step3", '<｜tool_calls_begin｜><｜tool_call_begin｜>function<｜tool_sep｜><steptml:invoke name="mute">'
              '<steptml:parameter name="room">den</steptml:parameter></steptml:invoke><｜tool_call_end｜>'
              '<｜tool_calls_end｜>',
     [("mute", {"room": "den"})]),
    ("dots", '<dots_function_call><invoke name="toggle_lamp"><parameter name="room">attic</parameter></invoke>'
             '</dots_function_call>',
     [("toggle_lamp", {"room": "attic"})]),
    ("kimi_k3", '<|open|>tools<|sep|><|open|>call tool="mute" index="1"<|sep|><|open|>argument key="room" '
                'type="string"<|sep|>42<|close|>argument<|sep|><|close|>call<|sep|><|close|>tools<|sep|>',
     [("mute", {"room": "42"})]),
]

# Look like the start of these syntaxes but are not: text, byte for byte.
NEAR_MISSES = [
    "<tool_call> is the tag", "<function=", "<parameter=x>", "<arg_key>", "<seed:tool", "<minimax:tool",
    '<function name="x">hello</function>', "<tool_calls> mention", "<|open|>tool", "<｜DSML｜", "<invoke",
    "<dots_function", "<｜tool_calls", "</parameter>", "<tool_call>a b c",
]
