"""A task's server for the browser proxy's tests, standard library only.

GET  /ws     upgrades to a WebSocket and echoes every text or binary message
POST /digest answers the SHA-256 and length of the request body, read as it streams in
GET  /bytes?n=N  answers N bytes (i * 31 mod 256), chunked, written 64 KiB at a time
GET  /go     redirects to /landing and sets a cookie with Path=/
GET  /seen   answers the request line and headers the server got
"""
import base64
import hashlib
import socketserver
import struct
import sys

GUID = b"258EAFA5-E914-47DA-95CA-C5AB0DC85B11"


class Handler(socketserver.StreamRequestHandler):
    def handle(self):
        request_line = self.rfile.readline().decode("latin-1").rstrip("\r\n")
        headers = {}
        raw = []
        while True:
            line = self.rfile.readline().decode("latin-1").rstrip("\r\n")
            if not line:
                break
            raw.append(line)
            name, _, value = line.partition(":")
            headers[name.strip().lower()] = value.strip()
        method, path, _ = request_line.split(" ", 2)
        if path == "/ws" and headers.get("upgrade", "").lower() == "websocket":
            self.websocket(headers)
        elif method == "POST" and path == "/digest":
            self.digest(headers)
        elif path.startswith("/bytes?n="):
            self.bytes(int(path.split("=", 1)[1]))
        elif path == "/go":
            self.send(b"HTTP/1.1 302 Found\r\nLocation: /landing\r\nSet-Cookie: pet=cat; Path=/\r\n"
                      b"Content-Length: 0\r\nConnection: close\r\n\r\n")
        elif path.split("?")[0].endswith("/seen"):
            body = ("\n".join([request_line] + raw) + "\n").encode("latin-1")
            self.send(b"HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: %d\r\n"
                      b"Connection: close\r\n\r\n" % len(body) + body)
        else:
            self.send(b"HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")

    def send(self, data):
        self.wfile.write(data)
        self.wfile.flush()

    def digest(self, headers):
        sha = hashlib.sha256()
        total = 0
        if headers.get("transfer-encoding", "").lower() == "chunked":
            while True:
                size = int(self.rfile.readline().split(b";")[0].strip(), 16)
                if size == 0:
                    self.rfile.readline()
                    break
                while size > 0:
                    data = self.rfile.read1(min(size, 65536))
                    size -= len(data)
                    total += len(data)
                    sha.update(data)
                self.rfile.readline()
        else:
            left = int(headers.get("content-length", "0"))
            while left > 0:
                data = self.rfile.read1(min(left, 65536))
                if not data:
                    break
                left -= len(data)
                total += len(data)
                sha.update(data)
        body = ("%s %d\n" % (sha.hexdigest(), total)).encode()
        self.send(b"HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: %d\r\n"
                  b"Connection: close\r\n\r\n" % len(body) + body)

    def bytes(self, n):
        pattern = bytes((i * 31) % 256 for i in range(256)) * 256
        self.send(b"HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\n"
                  b"Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n")
        while n > 0:
            data = pattern[:min(n, len(pattern))]
            n -= len(data)
            self.chunk(data)
        self.send(b"0\r\n\r\n")

    def chunk(self, data):
        self.wfile.write(b"%x\r\n" % len(data) + data + b"\r\n")

    def websocket(self, headers):
        accept = base64.b64encode(hashlib.sha1(headers["sec-websocket-key"].encode() + GUID).digest())
        self.send(b"HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                  b"Sec-WebSocket-Accept: " + accept + b"\r\n\r\n")
        while True:
            head = self.rfile.read(2)
            if len(head) < 2:
                return
            opcode = head[0] & 0x0F
            length = head[1] & 0x7F
            if length == 126:
                length = struct.unpack(">H", self.rfile.read(2))[0]
            elif length == 127:
                length = struct.unpack(">Q", self.rfile.read(8))[0]
            mask = self.rfile.read(4) if head[1] & 0x80 else b"\0\0\0\0"
            payload = bytes(b ^ mask[i % 4] for i, b in enumerate(self.rfile.read(length)))
            if opcode == 0x8:
                self.frame(0x8, payload[:2])
                return
            self.frame(0xA if opcode == 0x9 else opcode, payload, head[0] & 0x80)

    def frame(self, opcode, payload, fin=0x80):
        n = len(payload)
        if n < 126:
            head = struct.pack(">BB", fin | opcode, n)
        elif n < 65536:
            head = struct.pack(">BBH", fin | opcode, 126, n)
        else:
            head = struct.pack(">BBQ", fin | opcode, 127, n)
        self.send(head + payload)


class Server(socketserver.ThreadingTCPServer):
    allow_reuse_address = True
    daemon_threads = True


if __name__ == "__main__":
    with Server(("127.0.0.1", int(sys.argv[1])), Handler) as server:
        server.serve_forever()
