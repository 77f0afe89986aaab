import Foundation

extension HAR.Entry {
    /// The entry with every value of `values` replaced by its placeholder: in its URL, header
    /// fields, cookies, query, bodies (a text body; base64 is left as it is), a WebSocket's text
    /// messages, redirect and failure; a body's size and its chunks' lengths moved with the text.
    func scrubbing(_ values: SecretValues) -> HAR.Entry {
        guard values.count > 0 else { return self }
        var entry = self
        let scrub = values.scrub as (String) -> String
        entry.comment = comment.map(scrub)
        entry.request.url = scrub(request.url)
        entry.request.headers = request.headers.map { HAR.NameValue(name: $0.name, value: scrub($0.value)) }
        entry.request.cookies = request.cookies.map { $0.with(value: scrub($0.value)) }
        entry.request.queryString = request.queryString.map { HAR.NameValue(name: $0.name, value: scrub($0.value)) }
        if var postData = request.postData {
            if let text = postData.text, postData.encoding != "base64" {
                postData.text = scrub(text)
                entry.request.bodySize = Data(scrub(text).utf8).count
            }
            postData.params = postData.params?.map { param in
                var param = param
                param.value = param.value.map(scrub)
                return param
            }
            entry.request.postData = postData
        }
        entry.request.comment = request.comment.map(scrub)
        entry.webSocketMessages = webSocketMessages?.map { message in
            var message = message
            if message.opcode == 1 { message.data = scrub(message.data) }
            return message
        }
        entry.response.headers = response.headers.map { HAR.NameValue(name: $0.name, value: scrub($0.value)) }
        entry.response.cookies = response.cookies.map { $0.with(value: scrub($0.value)) }
        entry.response.redirectURL = scrub(response.redirectURL)
        entry.response.comment = response.comment.map(scrub)
        if var failure = response.failure {
            failure.message = scrub(failure.message)
            failure.underlying = failure.underlying.map(scrub)
            entry.response.failure = failure
        }
        let content = response.content
        if let text = content.text, content.encoding != "base64" {
            let (data, sizes) = values.scrub(Data(text.utf8), chunks: content.chunks?.map(\.size))
            entry.response.content.text = String(decoding: data, as: UTF8.self)
            if data.count != text.utf8.count {
                entry.response.content.size = data.count
                if response.bodySize >= 0 { entry.response.bodySize = data.count }
            }
            if let chunks = content.chunks, let sizes {
                entry.response.content.chunks = zip(chunks, sizes).map { HAR.Chunk(time: $0.time, size: $1) }
            }
        }
        return entry
    }
}

extension HAR.Cookie {
    fileprivate func with(value: String) -> HAR.Cookie {
        var cookie = self
        cookie.value = value
        return cookie
    }
}
