--! expect-error: memory_golden.lua:13: memory limit of 16 MiB exceeded
--! max-memory: 16
-- A golden of a long stage: the frames kept share one element's long name (under a megabyte of them), but every
-- line of the golden's log repeats it, 8,000 lines of some 3,100 bytes: 24.8 MB of text. The host counts the log
-- and its copies against the cap before it makes them, so the golden is refused at its line, never written.
test("a golden larger than the cap", function()
  local s = Stage{}
  local long = string.rep("n", 3000)
  s:piece{ name = "card", layout = function()
    return { [long] = { x = 0, y = 0, w = 1, h = 1 } }
  end }
  s:frames(8000)
  expect(s).toMatchGolden("long")
end)
