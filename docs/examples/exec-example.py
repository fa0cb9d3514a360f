# An execute_code script: `hermes-agent exec docs/examples/exec-example.py` runs it with execute_code's limits.
# Its tool calls (terminal, read_file) go through the full pipeline; only what it prints is shown.
from hermes_tools import terminal, read_file

kernel = terminal("uname -sr")["output"].strip()
first = read_file(path="package.json", limit=3)["content"]
print("kernel:", kernel)
print("package.json starts with:")
print(first)
