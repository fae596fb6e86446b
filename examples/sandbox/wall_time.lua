--! expect-error: time limit of 1 s exceeded
--! max-seconds: 1
--! max-instructions: 0
test("a loop under a time limit only", function()
  local x = 0
  while true do x = x + 1 end
end)
