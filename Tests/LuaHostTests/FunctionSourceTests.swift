import Testing
@testable import LuaHost
@testable import LuaRunner

/// A function's exact text, read token by token between the lines Lua gives: what only looks like a keyword (in a
/// string, a long string, a comment) is not one, and a line with two functions of one shape is refused.
@Suite struct FunctionSourceTests {
    static func text(_ source: String, first: Int, last: Int, params: Int, vararg: Bool = false)
        -> Result<String, FunctionSource.Refusal> {
        FunctionSource.text(in: Array(source.utf8),
                            shape: .init(first: first, last: last, params: params, vararg: vararg))
    }

    @Test func keywordsInStringsAndCommentsAreNotKeywords() throws {
        let source = """
        local a = "function end" --[[ function
        end ]] local f = function(x) return x .. [==[ end ]] ]==] .. 'end\\'s' end, "end"
        """
        #expect(try Self.text(source, first: 2, last: 2, params: 1).get()
                == #"function(x) return x .. [==[ end ]] ]==] .. 'end\'s' end"#)
    }

    @Test func blocksNestAndTheClosingEndIsTheFunctions() {
        let source = """
        local t = { go = function(a, ...)
          if a then for i = 1, 2 do end end
          repeat local x = 1 until x
          while false do end
          return function() end
        end, }
        """
        let text = try? Self.text(source, first: 1, last: 6, params: 1, vararg: true).get()
        #expect(text?.hasPrefix("function(a, ...)\n") == true)
        #expect(text?.hasSuffix("return function() end\nend") == true, "\(text ?? "nil")")
    }

    @Test func aNamedOrMethodFunctionIsWrittenAsAValue() throws {
        #expect(try Self.text("function M.sub:go(a) return a end", first: 1, last: 1, params: 2).get()
                == "function(self, a) return a end")
        #expect(try Self.text("local function go() end", first: 1, last: 1, params: 0).get() == "function() end")
        #expect(try Self.text("function M:go() end", first: 1, last: 1, params: 1).get() == "function(self) end")
    }

    @Test func twoFunctionsOfOneShapeOnOneLineAreRefused() throws {
        let result = Self.text("local a, b = function(x) end, function(y) end", first: 1, last: 1, params: 1)
        #expect(result == .failure(.init("2 functions of the same shape start on line 1 and end on line 1: which one it is cannot be told")))
        // Of two shapes, the parameters tell them apart.
        #expect(try Self.text("local a, b = function(x) end, function() end", first: 1, last: 1, params: 0).get()
                == "function() end")
    }

    @Test func aStringThatNeverClosesIsRefused() {
        #expect(throws: FunctionSource.Refusal.self) {
            try Self.text("local f = function() end\nlocal s = \"open", first: 1, last: 1, params: 0).get()
        }
    }
}
