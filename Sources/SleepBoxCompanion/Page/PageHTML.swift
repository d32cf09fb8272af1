import SleepBoxCore
import SleepBoxSystem

/// The page as HTML, without a line of script: forms post and the browser reloads. Every value the
/// box sends is escaped before it is written.
enum PageHTML {
    static func escape(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for c in s {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(c)
            }
        }
        return out
    }

    static let style = """
        body{font-family:system-ui,sans-serif;background:#111;color:#ddd;margin:0 auto;max-width:34em;padding:0 .8em 2em;line-height:1.4}
        h1{font-size:1.3em;margin:.6em 0}h2{font-size:1.05em;margin:1.2em 0 .4em;color:#fff}
        section{border-top:1px solid #333;padding-bottom:.4em}
        .note{font-size:.8em;color:#b98;border:1px solid #533;padding:.3em .5em}
        .error{color:#f88;font-weight:bold}
        input,select,button{font-size:1em;background:#222;color:#eee;border:1px solid #555;border-radius:4px;padding:.25em .4em;margin:.15em 0}
        button{background:#345}label{margin-right:.5em;white-space:nowrap}
        details{margin:.3em 0}summary{cursor:pointer}fieldset{border:1px solid #333;margin:.4em 0}
        svg{width:100%;height:auto}
        """

    static func document(_ words: PageWords, _ body: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="\(words.lang)"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
        <title>\(words.title)</title><style>\(style)</style></head><body>
        <h1>\(words.title)</h1>
        <p class="note" id="plain-http">\(escape(words.plainHTTP))</p>
        \(body)
        </body></html>
        """
    }

    static func pairing(_ words: PageWords, error: String?) -> String {
        let e = error.map { "<p class=\"error\" id=\"error\">\(escape($0))</p>" } ?? ""
        return document(words, """
            <h2>\(escape(words.pairTitle))</h2><p>\(escape(words.pairHelp))</p>\(e)
            <form id="pair" method="post" action="/pair"><label>\(escape(words.code)) <input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]{6}" maxlength="6" required></label>
            <button type="submit">\(escape(words.pair))</button></form>
            """)
    }

    static func message(_ words: PageWords, _ text: String) -> String {
        document(words, "<p class=\"error\" id=\"error\">\(escape(text))</p><p><a href=\"/\">\(escape(words.back))</a></p>")
    }

    static func page(status: JSONValue, nights: [JSONValue], devices: Int, words: PageWords) -> String {
        var body = ""
        // Ringing or snoozed: snooze and dismiss (the box refuses what does not apply, and says so).
        if ["ringing", "greeting", "snoozed"].contains(status["phase"]?.string ?? "") {
            body += """
                <section id="ringing"><h2>\(escape(words.ringing))</h2>
                <form id="snooze" method="post" action="/snooze"><button type="submit">\(escape(words.snooze))</button></form>
                <form id="dismiss" method="post" action="/dismiss"><button type="submit">\(escape(words.dismiss))</button></form></section>
                """
        }
        let playing = status["item"]?["title"]?.string ?? words.nothing
        let volume = Int(status["volume"]?.number ?? 0)
        body += """
            <section><h2>\(escape(words.nowPlaying))</h2><p id="playing">\(escape(playing))</p>
            <form id="volume" method="post" action="/volume"><label>\(escape(words.volume)) <input type="number" name="percent" min="0" max="100" value="\(volume)"> %</label>
            <button type="submit">\(escape(words.set))</button></form></section>
            """
        let next = status["nextRing"]?["at"]?.string.map { escape(String($0.prefix(16).map { $0 == "T" ? " " : $0 })) }
        body += "<section><h2>\(escape(words.nextAlarm))</h2><p id=\"next-alarm\">\(next ?? escape(words.none))</p></section>"
        body += alarms(status, words)
        body += timer(status, words)
        if status["light"]?["device"] != nil, (status["light"]?["device"]?.string ?? "none") != "none" { body += light(status, words) }
        body += "<section><h2>\(escape(words.nights))</h2>\(NightsChart.svg(nights, words: words))</section>"
        body += """
            <section id="devices"><h2>\(escape(words.devices))</h2><p>\(escape(words.devicesPaired(devices)))</p>
            <form id="forget" method="post" action="/forget"><button type="submit">\(escape(words.forget))</button></form></section>
            """
        return document(words, body)
    }

    /// Every alarm as a form; an alarm not set is folded away.
    static func alarms(_ status: JSONValue, _ words: PageWords) -> String {
        let slots = status["alarms"]?.array ?? []
        let hasLight = (status["light"]?["device"]?.string ?? "none") != "none"
        var out = "<section id=\"alarms\"><h2>\(escape(words.alarms))</h2>"
        for n in 1...4 {
            let a = slots[safe: n - 1] ?? .null
            let set = !a.isNull
            let time = a["time"]?.string ?? "07:00"
            var days = Set<Int>()
            for word in (a["days"]?.string ?? "").split(separator: ",") { days.formUnion(AlarmDays.days(for: String(word)) ?? []) }
            let order = [2, 3, 4, 5, 6, 7, 1]
            let boxes = order.enumerated().map { i, d in
                "<label><input type=\"checkbox\" name=\"days\" value=\"\(AlarmDays.dayNames[d - 1])\"\(days.contains(d) ? " checked" : "")>\(words.days[i])</label>"
            }.joined()
            let enabled = a["enabled"]?.bool ?? !set
            let skip = a["skipNext"]?.bool ?? false
            var dawn = ""
            if hasLight {
                let minutes: Int
                switch a["dawn"] { case .number(let m)?: minutes = Int(m); default: minutes = 0 }
                dawn = "<br><label>\(escape(words.dawn)) <input type=\"number\" name=\"dawn\" min=\"0\" max=\"90\" value=\"\(minutes)\"></label>"
            }
            let form = """
                <form id="alarm-\(n)" method="post" action="/alarm"><input type="hidden" name="alarm" value="\(n)">
                <input type="time" name="time" value="\(escape(time))" required><br>\(boxes)<br>
                <label><input type="checkbox" name="enabled"\(enabled ? " checked" : "")>\(escape(words.on))</label>
                <label><input type="checkbox" name="skip"\(skip ? " checked" : "")>\(escape(words.skipNext))</label>\(dawn)
                <br><button type="submit">\(escape(words.save))</button></form>
                """
            let summary = set ? "\(escape(time)) \(escape(a["days"]?.string ?? ""))\(a["enabled"]?.bool == true ? "" : " (\(escape(words.timerOff)))")" : escape(words.notSet)
            out += "<details\(set ? " open" : "")><summary>\(escape(words.alarm(n))): \(summary)</summary>\(form)</details>"
        }
        return out + "</section>"
    }

    static func timer(_ status: JSONValue, _ words: PageWords) -> String {
        var state = words.timerOff
        if let t = status["timer"], !t.isNull {
            if let r = t["remaining"]?.number { state = words.left(Int((r / 60).rounded(.up))) }
            else if t["choice"]?.string == "end" { state = words.timerEnd }
        }
        let options = [("off", words.timerOff), ("end", words.timerEnd)] + [15, 30, 45, 60, 90].map { (String($0), words.minutes($0)) }
        return """
            <section><h2>\(escape(words.sleepTimer))</h2><p>\(escape(state))</p>
            <form id="timer" method="post" action="/timer"><select name="set">\(options.map { "<option value=\"\($0.0)\">\(escape($0.1))</option>" }.joined())</select>
            <button type="submit">\(escape(words.set))</button></form></section>
            """
    }

    static func light(_ status: JSONValue, _ words: PageWords) -> String {
        let l = status["light"]
        let lstar = Int((l?["lstar"]?.number ?? 0).rounded())
        let kelvin = Int(l?["kelvin"]?.number ?? 2700)
        return """
            <section><h2>\(escape(words.light))</h2><p>\(escape(l?["plan"]?.string ?? ""))</p>
            <form id="light" method="post" action="/light"><label>\(escape(words.lightness)) <input type="number" name="set" min="0" max="100" value="\(lstar)"></label>
            <label>K <input type="number" name="kelvin" min="1000" max="10000" step="100" value="\(kelvin)"></label>
            <button type="submit">\(escape(words.set))</button></form>
            <form id="light-off" method="post" action="/light"><input type="hidden" name="set" value="off"><button type="submit">\(escape(words.lightOff))</button></form>
            <form id="light-dawn" method="post" action="/light"><input type="hidden" name="set" value="dawn"><button type="submit">\(escape(words.startDawn))</button></form></section>
            """
    }
}

/// The last nights' minutes as bars, an inline SVG (no script, no image file).
enum NightsChart {
    static func svg(_ nights: [JSONValue], words: PageWords) -> String {
        let minutes = nights.map { $0["minutes"]?.number ?? 0 }
        let top = max(30, (minutes.max() ?? 0))
        let w = 20, h = 80, gap = 4
        var bars = ""
        for (i, night) in nights.enumerated() {
            let m = minutes[i]
            let bh = Int((m / top * Double(h)).rounded())
            let x = i * (w + gap)
            let day = String((night["night"]?.string ?? "").suffix(2))
            bars += "<rect x=\"\(x)\" y=\"\(h - bh)\" width=\"\(w)\" height=\"\(max(bh, 0))\" fill=\"#6a8fd0\"><title>\(PageHTML.escape(night["night"]?.string ?? "")): \(PageHTML.escape(words.minutesHeard(m)))</title></rect>"
            bars += "<text x=\"\(x + w / 2)\" y=\"\(h + 14)\" font-size=\"10\" fill=\"#999\" text-anchor=\"middle\">\(PageHTML.escape(day))</text>"
        }
        let width = max(nights.count * (w + gap), 1)
        return "<svg id=\"nights\" viewBox=\"0 0 \(width) \(h + 18)\" role=\"img\" aria-label=\"\(PageHTML.escape(words.nights))\">\(bars)</svg>"
    }
}
