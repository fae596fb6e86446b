--! expect-error: time limit of 0.1 s exceeded
--! max-seconds: 0.1
--! max-instructions: 10000000000
test("a loop under a time limit only", function()
  local x = 0
  while true do x = x + 1 end
end)
