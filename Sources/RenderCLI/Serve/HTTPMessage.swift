import Foundation

/// The head of an HTTP/1.x request as the preview server reads it: the method, the
/// percent-decoded path, the query's fields and the header fields (names lowercased).
///
/// Invariant: `path` starts with `/`, holds no NUL and is valid UTF-8; a head that would
/// break this is refused by `parse` with a 400 response, never trapped on.
struct HTTPRequest: Equatable {
    var method: String
    var path: String
    var query: [String: String]
    var headers: [String: String]
    /// `HTTP/1.0` or `HTTP/1.1`.
    var version: String

    /// What `parse` makes of a head.
    enum Parsed {
        case request(HTTPRequest)
        /// Not a request this server takes: the response to send instead.
        case refused(HTTPResponse)
    }

    /// The most header fields a request may have.
    static let maxHeaderFields = 100

    /// Parses a request head (the bytes before the blank line that ends it).
    /// - Returns: the request, or the error response to send instead.
    static func parse(_ head: [UInt8]) -> Parsed {
        guard let text = String(validating: head, as: UTF8.self) else { return .refused(.text(400, "the request is not UTF-8 text")) }
        let lines = text.components(separatedBy: "\r\n")
        let parts = lines[0].split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, parts[0].allSatisfy({ $0.isLetter && $0.isASCII }) else {
            return .refused(.text(400, "malformed request line"))
        }
        let version = String(parts[2])
        guard version == "HTTP/1.1" || version == "HTTP/1.0" else { return .refused(.text(505, "only HTTP/1.0 and HTTP/1.1 are served")) }
        let target = parts[1]
        guard target.hasPrefix("/") else { return .refused(.text(400, "the request target must be a path")) }
        let rawPath = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)[0]
        guard let path = String(rawPath).removingPercentEncoding, !path.contains("\0") else {
            return .refused(.text(400, "malformed path"))
        }
        var query: [String: String] = [:]
        if let mark = target.firstIndex(of: "?") {
            for field in target[target.index(after: mark)...].split(separator: "&") {
                let pair = field.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                guard let name = String(pair[0]).removingPercentEncoding,
                      let value = (pair.count > 1 ? String(pair[1]) : "").replacingOccurrences(of: "+", with: " ").removingPercentEncoding else {
                    return .refused(.text(400, "malformed query"))
                }
                query[name] = value
            }
        }
        var headers: [String: String] = [:]
        let fields = lines.dropFirst().filter { !$0.isEmpty }
        guard fields.count <= maxHeaderFields else { return .refused(.text(431, "too many header fields")) }
        for line in fields {
            guard let colon = line.firstIndex(of: ":") else { return .refused(.text(400, "malformed header field")) }
            let name = line[..<colon]
            guard !name.isEmpty, !name.contains(where: { $0 == " " || $0 == "\t" }) else {
                return .refused(.text(400, "malformed header field name"))
            }
            headers[name.lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return .request(HTTPRequest(method: String(parts[0]), path: path, query: query, headers: headers, version: version))
    }
}

/// A complete response; the server closes the connection after sending it.
struct HTTPResponse: Equatable {
    var status: Int
    var contentType: String
    var body: [UInt8]
    /// Served with a policy that runs nothing in it (for files the scene names: an SVG
    /// opened on its own must not run scripts on this origin).
    var sandboxed = false

    /// A plain-text response (for errors: the message and a newline).
    static func text(_ status: Int, _ message: String) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "text/plain; charset=utf-8", body: Array((message + "\n").utf8))
    }

    static let notFound = HTTPResponse.text(404, "not found")

    static func json(_ text: String, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "application/json", body: Array(text.utf8))
    }

    static func reason(_ status: Int) -> String {
        switch status {
        case 200: return "OK"
        case 400: return "Bad Request"
        case 403: return "Forbidden"
        case 404: return "Not Found"
        case 405: return "Method Not Allowed"
        case 408: return "Request Timeout"
        case 409: return "Conflict"
        case 431: return "Request Header Fields Too Large"
        case 500: return "Internal Server Error"
        case 503: return "Service Unavailable"
        case 505: return "HTTP Version Not Supported"
        default: return "Status"
        }
    }

    /// The bytes on the wire; `includeBody` false for HEAD (the length is still given).
    func serialized(includeBody: Bool) -> [UInt8] {
        var head = "HTTP/1.1 \(status) \(Self.reason(status))\r\n"
        head += "Content-Type: \(contentType)\r\nContent-Length: \(body.count)\r\n"
        head += "Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n"
        if status == 405 { head += "Allow: GET, HEAD\r\n" }
        if sandboxed { head += "Content-Security-Policy: sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'\r\n" }
        head += "\r\n"
        return Array(head.utf8) + (includeBody ? body : [])
    }
}
