import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix

/// The page's HTTP/1.1 server: SwiftNIO's HTTP/1 codec on one event-loop thread, the site's
/// answers (which ask the box over its socket) on one thread of their own. TCP_NODELAY (a
/// response is written whole, never held for the browser's delayed ACK); at most 32 connections;
/// a connection idle for 15 s is closed; a body or headers past 8 KiB are refused (413, 431).
public final class PageServer: Sendable {
    public static let maximumConnections = 32
    public static let idleSeconds: Int64 = 15

    private let group: MultiThreadedEventLoopGroup
    private let pool: NIOThreadPool
    private let channel: Channel

    /// Listening on `host`:`port`; throws when the address cannot be bound.
    public init(host: String, port: Int, site: CompanionSite) throws {
        group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        pool = NIOThreadPool(numberOfThreads: 1)
        pool.start()
        let open = NIOLockedValueBox(0)
        let pool = self.pool
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(ChannelOptions.backlog, value: 64)
            .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(ChannelOptions.tcpOption(.tcp_nodelay), value: 1)
            .childChannelInitializer { channel in
                let count = open.withLockedValue { n -> Int in n += 1; return n }
                channel.closeFuture.whenComplete { _ in open.withLockedValue { $0 -= 1 } }
                guard count <= PageServer.maximumConnections else { return channel.close() }
                return channel.pipeline.configureHTTPServerPipeline(withErrorHandling: true).flatMap {
                    channel.pipeline.addHandlers([
                        IdleStateHandler(allTimeout: .seconds(PageServer.idleSeconds)),
                        PageHandler(site: site, pool: pool),
                    ])
                }
            }
        do {
            channel = try bootstrap.bind(host: host, port: port).wait()
        } catch {
            try? pool.syncShutdownGracefully()
            try? group.syncShutdownGracefully()
            throw error
        }
    }

    /// The port it listens on (the one asked for, or the one given for 0).
    public var port: Int { channel.localAddress?.port ?? 0 }

    public func stop() {
        try? channel.close().wait()
        try? pool.syncShutdownGracefully()
        try? group.syncShutdownGracefully()
    }
}

/// One connection: a request gathered (head, body up to the limit), answered by the site on the
/// pool's thread, written back on the loop.
final class PageHandler: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let site: CompanionSite
    private let pool: NIOThreadPool
    private var head: HTTPRequestHead?
    private var body: [UInt8] = []
    private var refused: Int?

    init(site: CompanionSite, pool: NIOThreadPool) {
        self.site = site
        self.pool = pool
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let h):
            head = h
            body = []
            refused = nil
            let headerBytes = h.headers.reduce(h.uri.utf8.count) { $0 + $1.name.utf8.count + $1.value.utf8.count + 4 }
            if headerBytes > PageRequest.maximumBytes { refused = 431 }
            if let length = h.headers.first(name: "content-length").flatMap({ Int($0) }), length > PageRequest.maximumBytes { refused = 413 }
        case .body(var chunk):
            guard refused == nil else { return }
            if body.count + chunk.readableBytes > PageRequest.maximumBytes {
                refused = 413
                body = []
            } else if let bytes = chunk.readBytes(length: chunk.readableBytes) {
                body += bytes
            }
        case .end:
            guard let head else { return }
            self.head = nil
            if let status = refused {
                let text = status == 413 ? "Request body too large." : "Request headers too large."
                write(context: context, head: head, response: .text(status, text), close: true)
                return
            }
            let peer = context.remoteAddress?.ipAddress ?? ""
            let path = String(head.uri.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
            let request = PageRequest(method: head.method.rawValue, path: path,
                                      headers: head.headers.map { ($0.name, $0.value) }, body: body, peer: peer)
            body = []
            let site = self.site
            let loop = context.eventLoop
            let answered = pool.runIfActive(eventLoop: loop) { site.respond(request) }
            answered.whenComplete { result in
                let response = (try? result.get()) ?? .text(500, "The page could not answer.")
                self.write(context: context, head: head, response: response, close: !head.isKeepAlive)
            }
        }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is IdleStateHandler.IdleStateEvent { context.close(promise: nil) } else { context.fireUserInboundEventTriggered(event) }
    }

    private func write(context: ChannelHandlerContext, head: HTTPRequestHead, response: PageResponse, close: Bool) {
        var headers = HTTPHeaders(response.headers.map { ($0.name, $0.value) })
        headers.replaceOrAdd(name: "Content-Length", value: String(response.body.count))
        headers.replaceOrAdd(name: "Connection", value: close ? "close" : "keep-alive")
        let status = HTTPResponseStatus(statusCode: response.status)
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: head.version, status: status, headers: headers))), promise: nil)
        if head.method != .HEAD, !response.body.isEmpty {
            var buffer = context.channel.allocator.buffer(capacity: response.body.count)
            buffer.writeBytes(response.body)
            context.write(wrapOutboundOut(.body(.byteBuffer(buffer))), promise: nil)
        }
        let done = context.writeAndFlush(wrapOutboundOut(.end(nil)))
        if close { done.whenComplete { _ in context.close(promise: nil) } }
    }
}
