/// The frame log's lines (JSON Lines; ARCHITECTURE.md, "One frame's journey"). Keys come in a fixed order and
/// numbers at a fixed precision, so two runs give the same bytes and a log can be a golden file.
///
/// Header: `{"format":"piecebox.frames","version":1,"scenario":…,"test":…,"fps":…,"stage":{"width":…,"height":…},
/// "environment":{…},"tokens":{…}}`.
/// Frame: `{"frame":12,"t":0.1,"pieces":{"<piece>":{"<element>":{<numbers…>,<attributes…>}}},"events":[…]}`,
/// each event `{"kind":…,"piece":…,"detail":{…}}`.
public enum FrameLog {
    public static let format = "piecebox.frames"
    public static let version = 1

    /// Times get six decimals whatever the value precision: at 120 fps three would merge neighbouring frames.
    public static let timeFormat = JSONNumberFormat(decimals: 6)

    public static func header(scenario: String, test: String?, fps: Int, environment: PieceEnvironment,
                              tokens: MotionTokens, tokenSet: String? = nil,
                              format: JSONNumberFormat = .standard,
                              gesturePrediction: Double = GesturePhysics.predictionDecelerationRate) -> String {
        var line = JSONObject(format: format)
        line.append("format", Self.format)
        line.append("version", version)
        line.append("scenario", scenario)
        line.append("test", test)
        line.append("fps", fps)
        line.append("stage") { stage in
            stage.append("width", environment.size.width)
            stage.append("height", environment.size.height)
        }
        line.append("environment") { write(environment, into: &$0) }
        // The token set the run applied to every file (`--tokens`), so a log says which motion it shows.
        if let tokenSet { line.append("tokenSet", tokenSet) }
        line.append("tokens") { write(tokens, into: &$0) }
        // Said only when a scenario chose another than the guess, so the logs of every other scenario keep their bytes.
        if gesturePrediction != GesturePhysics.predictionDecelerationRate {
            line.append("gesturePrediction", gesturePrediction)
        }
        return line.json
    }

    public static func line(for frame: Frame, format: JSONNumberFormat = .standard) -> String {
        var line = JSONObject(format: format)
        line.append("frame", frame.index)
        line.append("t", FixedNumber(frame.time, format: timeFormat))
        line.append("pieces") { pieces in
            for piece in frame.pieces {
                pieces.append(piece.name) { elements in
                    for element in piece.elements {
                        elements.append(element.name) { write(element, into: &$0) }
                    }
                }
            }
        }
        line.append("events") { events in
            for event in frame.events {
                events.append { write(event, into: &$0) }
            }
        }
        return line.json
    }

    // MARK: Parts

    static func write(_ element: ElementFrame, into object: inout JSONObject) {
        for (index, name) in element.numberNames.enumerated() {
            object.append(name, element.number(at: index))
        }
        for attribute in element.attributes {
            object.append(attribute.name, attribute.value)
        }
    }

    static func write(_ event: StageEvent, into object: inout JSONObject) {
        object.append("kind", event.kind.rawValue)
        object.append("piece", event.piece)
        object.append("detail") { detail in
            for field in event.details { detail.append(field.name, field.value) }
        }
    }

    static func write(_ environment: PieceEnvironment, into object: inout JSONObject) {
        object.append("safeArea") { inset in
            inset.append("top", environment.safeArea.top)
            inset.append("leading", environment.safeArea.leading)
            inset.append("bottom", environment.safeArea.bottom)
            inset.append("trailing", environment.safeArea.trailing)
        }
        object.append("reduceMotion", environment.reduceMotion)
        object.append("layoutDirection", environment.layoutDirection.rawValue)
        object.append("dynamicTypeSize", environment.dynamicTypeSize.rawValue)
        object.append("colorScheme", environment.colorScheme.rawValue)
        object.append("isEnabled", environment.isEnabled)
        // Written only when on, so logs kept from before the option existed read the same.
        if environment.reduceTransparency { object.append("reduceTransparency", true) }
        if !environment.liquidGlass { object.append("liquidGlass", false) }
    }

    /// Tiers as springs, roles as their descriptions: enough to tell which token set produced a log.
    static func write(_ tokens: MotionTokens, into object: inout JSONObject) {
        object.append("reduceMotion", tokens.reduceMotion)
        object.append("tiers") { tiers in
            for name in tokens.tierNames {
                guard let spring = tokens.tier(named: name) else { continue }
                tiers.append(name) { entry in
                    entry.append("duration", spring.duration)
                    entry.append("bounce", spring.bounce)
                }
            }
        }
        object.append("roles") { roles in
            for name in tokens.roleNames {
                guard let role = tokens.role(named: name) else { continue }
                roles.append(name, role.description)
            }
        }
    }
}

/// A number written with its own precision, whatever the enclosing object's.
struct FixedNumber: JSONWritable {
    let value: Double
    let format: JSONNumberFormat

    init(_ value: Double, format: JSONNumberFormat) {
        self.value = value
        self.format = format
    }

    func writeJSON(into out: inout String, format _: JSONNumberFormat) {
        format.write(value, into: &out)
    }
}
