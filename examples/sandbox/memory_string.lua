--! expect-error: memory limit of 16 MiB exceeded
--! max-memory: 16
test("one enormous string", function()
  pcall(string.rep, "x", 2 ^ 40)  -- catching the refusal does not get the file past the limit
  local s = "x"
  while true do s = s .. s end
end)
