package org.gantry.terminal.ssh;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/** The browser proxy as a signed-in client uses it: a page, and a WebSocket that echoes. */
final class ProxyProbe {

    private static final HttpClient HTTP = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).build();

    private ProxyProbe() {
    }

    /** GET {@code path} on Gantry's web port with a bearer token. */
    static HttpResponse<String> get(int webPort, String path, String token) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + webPort + path))
                .header("Authorization", "Bearer " + token).timeout(Duration.ofSeconds(60)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    /** Sends each message over a WebSocket at {@code path}, one at a time; what came back for each (null: nothing). */
    static List<String> echo(int webPort, String path, String token, List<String> messages) throws Exception {
        LinkedBlockingQueue<String> received = new LinkedBlockingQueue<>();
        WebSocket socket = HTTP.newWebSocketBuilder().header("Authorization", "Bearer " + token)
                .buildAsync(URI.create("ws://127.0.0.1:" + webPort + path), new WebSocket.Listener() {
                    @Override
                    public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
                        received.add(data.toString());
                        webSocket.request(1);
                        return null;
                    }
                }).get(60, TimeUnit.SECONDS);
        List<String> answers = new ArrayList<>();
        for (String message : messages) {
            socket.sendText(message, true).get(30, TimeUnit.SECONDS);
            answers.add(received.poll(30, TimeUnit.SECONDS));
        }
        socket.sendClose(WebSocket.NORMAL_CLOSURE, "done").get(30, TimeUnit.SECONDS);
        return answers;
    }
}
