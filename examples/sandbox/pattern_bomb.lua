--! expect-error: time limit of 2 s exceeded
--! max-seconds: 2
-- A pathological pattern runs inside one C call where no hook fires; the runner stops the worker.
test("backtracks for minutes", function()
  string.find(("a"):rep(800), ".-.-.-b")
end)
