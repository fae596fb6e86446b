import Foundation
import Testing
@testable import LuaHost

/// The API reference (docs/api.md) is made from the bindings' declarations: the committed copy is what the
/// declarations give today, and it names every type, method, reading, option and library function.
@Suite struct APIReferenceTests {
    @Test func theCommittedReferenceIsWhatTheDeclarationsGiveToday() throws {
        let committed = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(APIReference.path)
        let text = String(decoding: try Data(contentsOf: committed), as: UTF8.self)
        #expect(text == APIReference.text(),
                "\(APIReference.path) is out of date with the bindings; regenerate it with: \(APIReference.regenerateCommand)")
    }

    @Test func theReferenceNamesEveryMemberOptionAndLibraryFunction() {
        let text = APIReference.text()
        for entry in BindingRegistry.entries {
            #expect(text.contains("\n## \(entry.name)\n"), "\(entry.name)")
            for method in entry.methods { #expect(text.contains("`\(entry.name):\(method)("), "\(entry.name):\(method)") }
            for reading in entry.readings { #expect(text.contains("- `\(reading)`: "), "\(entry.name).\(reading)") }
            for option in entry.optionKeys { #expect(text.contains("- `\(option)`: "), "\(entry.name) option \(option)") }
        }
        for library in ScriptGlobals.libraries {
            for function in library.functions { #expect(text.contains("`\(library.name).\(function)("), "\(function)") }
        }
        // One line worked out by hand from VinylBinding's declaration of ramp and Vinyl.defaultRamp (0.9).
        #expect(text.contains("\n- `ramp`: `number`. How long the disc takes to change speed (s; default 0.9)\n"))
    }
}
