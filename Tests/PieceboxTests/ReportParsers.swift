import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// An XML element tree read with Foundation's XMLParser: a real XML parser, so a report that is not well-formed
/// (a raw control character, an unescaped `<`) fails to parse.
final class XMLTree {
    let name: String
    let attributes: [String: String]
    var children: [XMLTree] = []
    var text = ""

    init(name: String, attributes: [String: String]) {
        self.name = name
        self.attributes = attributes
    }

    func child(_ name: String) -> XMLTree? { children.first { $0.name == name } }

    struct ParseError: Error, CustomStringConvertible { let description: String }

    static func parse(_ data: Data) throws -> XMLTree {
        let builder = Builder()
        let parser = XMLParser(data: data)
        parser.delegate = builder
        guard parser.parse(), let root = builder.root else {
            throw ParseError(description: "not well-formed XML: \(parser.parserError.map { "\($0)" } ?? "no root")")
        }
        return root
    }

    private final class Builder: NSObject, XMLParserDelegate {
        var root: XMLTree?
        var stack: [XMLTree] = []

        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                    qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]) {
            let element = XMLTree(name: elementName, attributes: attributeDict)
            if let parent = stack.last { parent.children.append(element) } else { root = element }
            stack.append(element)
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
            stack.removeLast()
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            stack.last?.text += string
        }
    }
}

/// A strict reader of the TAP lines piecebox writes (version 13, or 14 when asked): the version line first, test points numbered from 1 in
/// order, YAML blocks between `  ---` and `  ...` right after a point, comments, and one plan that matches the count.
struct TAPStream {
    struct Point {
        var ok: Bool
        var number: Int
        var description: String
        var directive: String?
        var yaml: [String] = []
    }

    var version = 0
    var plan: Int?
    var points: [Point] = []

    struct ParseError: Error, CustomStringConvertible { let description: String }

    static func parse(_ text: String) throws -> TAPStream {
        var stream = TAPStream()
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        guard let first = lines.first, first.hasPrefix("TAP version "), let v = Int(first.dropFirst(12)) else {
            throw ParseError(description: "the first line is not \"TAP version N\": \(lines.first ?? "(none)")")
        }
        stream.version = v
        var i = 1
        while i < lines.count {
            let line = lines[i]
            if line.hasPrefix("#") || line.isEmpty { i += 1; continue }
            if line.hasPrefix("1..") {
                guard stream.plan == nil, let n = Int(line.dropFirst(3)) else { throw ParseError(description: "bad or second plan: \(line)") }
                stream.plan = n
                i += 1
                continue
            }
            let ok: Bool
            var rest: Substring
            if line.hasPrefix("ok ") { ok = true; rest = line.dropFirst(3) }
            else if line.hasPrefix("not ok ") { ok = false; rest = line.dropFirst(7) }
            else { throw ParseError(description: "line \(i + 1) is not TAP: \(line)") }
            let digits = rest.prefix { $0.isNumber }
            guard let number = Int(digits), number == stream.points.count + 1 else {
                throw ParseError(description: "test point out of order: \(line)")
            }
            rest = rest.dropFirst(digits.count)
            guard rest.hasPrefix(" - ") else { throw ParseError(description: "no description: \(line)") }
            rest = rest.dropFirst(3)
            // An unescaped '#' starts the directive; "\#" is a literal '#'.
            var description = ""
            var directive: String?
            var scan = rest.startIndex
            while scan < rest.endIndex {
                let c = rest[scan]
                if c == "\\", rest.index(after: scan) < rest.endIndex {
                    description.append(rest[rest.index(after: scan)])
                    scan = rest.index(scan, offsetBy: 2)
                    continue
                }
                if c == "#" {
                    directive = rest[rest.index(after: scan)...].trimmingCharacters(in: .whitespaces).split(separator: " ").first.map(String.init)
                    break
                }
                description.append(c)
                scan = rest.index(after: scan)
            }
            var point = Point(ok: ok, number: number, description: description.trimmingCharacters(in: .whitespaces), directive: directive)
            i += 1
            if i < lines.count, lines[i] == "  ---" {
                i += 1
                while i < lines.count, lines[i] != "  ..." {
                    guard lines[i].hasPrefix("  ") else { throw ParseError(description: "YAML line not indented: \(lines[i])") }
                    point.yaml.append(String(lines[i].dropFirst(2)))
                    i += 1
                }
                guard i < lines.count else { throw ParseError(description: "a YAML block never ends") }
                i += 1
            }
            stream.points.append(point)
        }
        guard let plan = stream.plan, plan == stream.points.count else {
            throw ParseError(description: "the plan \(stream.plan.map(String.init) ?? "(none)") does not match \(stream.points.count) tests")
        }
        return stream
    }
}

/// A GitHub Actions workflow command, `::name k=v,k=v::message`, unescaped as the runner unescapes it.
struct GitHubCommand {
    var name: String
    var properties: [String: String]
    var message: String

    static func parse(_ line: String) -> GitHubCommand? {
        guard line.hasPrefix("::"), let end = line.range(of: "::", range: line.index(line.startIndex, offsetBy: 2)..<line.endIndex) else { return nil }
        let head = line[line.index(line.startIndex, offsetBy: 2)..<end.lowerBound]
        let nameEnd = head.firstIndex(of: " ") ?? head.endIndex
        var properties: [String: String] = [:]
        if nameEnd < head.endIndex {
            for pair in head[head.index(after: nameEnd)...].split(separator: ",") {
                let kv = pair.split(separator: "=", maxSplits: 1)
                if kv.count == 2 { properties[String(kv[0])] = unescape(String(kv[1])) }
            }
        }
        return GitHubCommand(name: String(head[..<nameEnd]), properties: properties, message: unescape(String(line[end.upperBound...])))
    }

    static func unescape(_ s: String) -> String {
        s.replacingOccurrences(of: "%0D", with: "\r").replacingOccurrences(of: "%0A", with: "\n")
            .replacingOccurrences(of: "%3A", with: ":").replacingOccurrences(of: "%2C", with: ",")
            .replacingOccurrences(of: "%25", with: "%")
    }
}
