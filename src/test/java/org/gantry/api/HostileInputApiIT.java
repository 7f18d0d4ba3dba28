package org.gantry.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.gantry.runtime.RuntimeJobs;
import org.gantry.testsupport.RestClient;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.core.MethodParameter;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMethod;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.mvc.method.RequestMappingInfo;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;
import org.springframework.web.util.UriUtils;

/**
 * Hostile values — NUL characters, overlong and unusual text, path fragments, wrong JSON
 * types, wrong content types — on every REST route Spring knows, as an administrator and as
 * a user: no answer is a 5xx. Routes come from Spring's handler mapping, so a new route is
 * covered without touching this test.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class HostileInputApiIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    /** The address the hostile calls come from (see {@link #send}). */
    private static final String FROM = "127.0.0.99";
    private static final Pattern VARIABLE = Pattern.compile("\\{(\\w+)(:[^}]*)?}");
    /** Held answers wait for a job's end: a hostile number there only makes the test slow. */
    private static final Set<String> SKIPPED_PARAMETERS = Set.of("wait");

    /** Sent encoded, as path segments, parameters and JSON strings. */
    private static final List<String> HOSTILE = List.of("\u0000", "a\u0000b", "x".repeat(3000), "ü😀漢字",
            "\u202egnp.exe", "\uFEFF", "\uFFFF", "\u0007\u001b[31m", "line\nbreak", "..", "../../etc/passwd",
            "%2e%2e", "%252f", "a;b", "a/b", "a\\b", "~", "a~b", "' or 1=1 --", "<script>alert(1)</script>",
            "${jndi:ldap://x}", "<%= secrets.x %>", "", " ", "-1", "0", "2147483648", "99999999999999999999", "1e309",
            "NaN", "true", "null", "[]", "{}");
    /** Sent as they are in the path: what the firewall must refuse with JSON. */
    private static final List<String> RAW_PATH = List.of("..", "%2e%2e", "%252f", "a;b", "%00", "%2F", "%5C", "%25");
    private static final List<String> WRONG_JSON = List.of("123", "-1", "1e400", "true", "null", "[]", "{}",
            "[\"\\u0000\"]", "{\"a\":\"\\u0000\"}", "\"" + "y".repeat(200_000) + "\"");
    private static final List<String> WRONG_BODIES = List.of("{", "[1,", "\"\\u0000\"", "\u0000", "<x/>",
            "not json at all", "{\"a\":1}{\"b\":2}");
    private static final List<String> WRONG_CONTENT_TYPES = List.of("text/plain", "application/xml",
            "multipart/form-data; boundary=x", "application/x-www-form-urlencoded", "application/json; charset=ebcdic",
            "image/png", "");

    @LocalServerPort
    int port;
    @Autowired
    @Qualifier("requestMappingHandlerMapping")
    RequestMappingHandlerMapping mappings;

    @Test
    void hostile_values_on_every_route_never_get_a_server_error() {
        List<Route> routes = routes();
        assertThat(routes).extracting(Route::pattern).contains("/api/v2/jobs", "/api/v2/users/{user}");
        List<String> failures = new ArrayList<>();
        int sent = 0;
        for (boolean admin : List.of(true, false)) {
            String token = account(admin);
            for (Route route : routes) {
                for (Call call : calls(route)) {
                    Answer answer = send(token, call);
                    sent++;
                    if (answer.status() >= 500) {
                        failures.add((admin ? "admin " : "user ") + call + " -> " + answer);
                    }
                    if (answer.status() == 401) {
                        token = account(admin);  // a hostile logout or password change ended the session
                    }
                }
            }
        }
        assertThat(failures).as("%d of %d calls failed", failures.size(), sent).isEmpty();
        assertThat(sent).isGreaterThan(1000);
    }

    /** Every REST route: pattern, method and the handler's parameters. */
    private List<Route> routes() {
        List<Route> routes = new ArrayList<>();
        for (Map.Entry<RequestMappingInfo, HandlerMethod> entry : mappings.getHandlerMethods().entrySet()) {
            Set<RequestMethod> methods = entry.getKey().getMethodsCondition().getMethods();
            for (String pattern : entry.getKey().getPatternValues()) {
                if (!pattern.startsWith("/api/")) {
                    continue;
                }
                for (RequestMethod method : methods.isEmpty() ? Set.of(RequestMethod.GET) : methods) {
                    routes.add(new Route(method.name(), pattern, entry.getValue()));
                }
            }
        }
        return routes;
    }

    private List<Call> calls(Route route) {
        List<Call> calls = new ArrayList<>();
        List<String> variables = new ArrayList<>();
        Matcher matcher = VARIABLE.matcher(route.pattern());
        while (matcher.find()) {
            variables.add(matcher.group(1));
        }
        String plain = path(route.pattern(), Map.of());
        Body body = body(route.handler());
        for (String variable : variables) {
            for (String value : HOSTILE) {
                calls.add(route.call(path(route.pattern(), Map.of(variable, UriUtils.encodePathSegment(value,
                        StandardCharsets.UTF_8))), body.sample()));
            }
            for (String raw : RAW_PATH) {
                calls.add(route.call(path(route.pattern(), Map.of(variable, raw)), body.sample()));
            }
        }
        for (String fragment : List.of("/..", "/%2e%2e", "/%252f", ";x=1", "/./", "//")) {
            calls.add(route.call(plain + fragment, body.sample()));
        }
        for (String parameter : parameters(route.handler())) {
            for (String value : HOSTILE) {
                calls.add(route.call(plain + "?" + parameter + "=" + UriUtils.encodeQueryParam(value,
                        StandardCharsets.UTF_8), body.sample()));
            }
        }
        calls.add(route.call(plain + "?" + UriUtils.encodeQueryParam("\u0000", StandardCharsets.UTF_8) + "=1",
                body.sample()));
        body.hostile().forEach(hostile -> calls.add(route.call(plain, hostile)));
        return calls;
    }

    /** The pattern with the given variables, the others set to a name nobody has. */
    private static String path(String pattern, Map<String, String> values) {
        return VARIABLE.matcher(pattern).replaceAll(m -> Matcher.quoteReplacement(
                values.getOrDefault(m.group(1), m.group(1).matches("attempt|index|taskAttempt") ? "0" : "nobody-x")));
    }

    private static List<String> parameters(HandlerMethod handler) {
        List<String> names = new ArrayList<>();
        for (MethodParameter parameter : handler.getMethodParameters()) {
            RequestParam annotation = parameter.getParameterAnnotation(RequestParam.class);
            if (annotation != null) {
                parameter.initParameterNameDiscovery(new org.springframework.core.DefaultParameterNameDiscoverer());
                String name = annotation.name().isEmpty() ? parameter.getParameterName() : annotation.name();
                if (!SKIPPED_PARAMETERS.contains(name)) {
                    names.add(name);
                }
            }
        }
        return names;
    }

    /** A sample body of the route and the hostile ones: each field in turn hostile, wrong JSON, wrong types. */
    private static Body body(HandlerMethod handler) {
        for (MethodParameter parameter : handler.getMethodParameters()) {
            if (!parameter.hasParameterAnnotation(RequestBody.class)) {
                continue;
            }
            List<Payload> hostile = new ArrayList<>();
            if (parameter.getParameterType() == byte[].class) {
                String job = RuntimeJobs.job(RuntimeJobs.name("hostile"), "", "echo hi");
                Payload sample = new Payload("text/yaml", job);
                for (String document : yamlDocuments(job)) {
                    hostile.add(new Payload("text/yaml", document));
                }
                WRONG_CONTENT_TYPES.forEach(type -> hostile.add(new Payload(type, job)));
                return new Body(sample, hostile);
            }
            Object template = sample(parameter.getGenericParameterType());
            Payload sample = new Payload("application/json", json(template));
            for (List<Object> leaf : leaves(template, List.of())) {
                for (String value : HOSTILE) {
                    hostile.add(new Payload("application/json", json(replaced(template, leaf, value))));
                }
                // the overlong string goes once per body (below), not once per field
                for (String wrong : WRONG_JSON.subList(0, WRONG_JSON.size() - 1)) {
                    hostile.add(new Payload("application/json", json(replaced(template, leaf, new Raw(wrong)))
                            .replace("\"@raw@" + wrong.hashCode() + "\"", wrong)));
                }
            }
            WRONG_BODIES.forEach(text -> hostile.add(new Payload("application/json", text)));
            WRONG_JSON.forEach(text -> hostile.add(new Payload("application/json", text)));
            WRONG_CONTENT_TYPES.forEach(type -> hostile.add(new Payload(type, sample.text())));
            return new Body(sample, hostile);
        }
        List<Payload> hostile = new ArrayList<>();
        WRONG_CONTENT_TYPES.forEach(type -> hostile.add(new Payload(type, "\u0000{")));
        return new Body(null, hostile);
    }

    private static List<String> yamlDocuments(String job) {
        List<String> documents = new ArrayList<>(List.of("", "\u0000", "[]", "42", "{", "--- !!java.lang.Object {}",
                "x".repeat(300_000), job + "\u0000", job.replace("echo hi", "echo \\\"\\0\\\""),
                job.replaceFirst("name: ", "name: \"a\\\\0b\"\nx: "), job.replace("'echo hi'", "\"echo \\0\""),
                job + "secrets:\n  s: \"\\0\"\n", job + "defaults:\n  virtualCluster: \"\\0\"\n",
                job + "extras:\n  tags: [\"\\0\"]\n", job.replace("main:", "\"m\\0\":"),
                job.replace("protocolVersion: 2", "protocolVersion: \"\\0\""), job + "description: \"\\0\"\n"));
        for (String value : List.of("ü😀", "\u202e", "x".repeat(5000), "..", "%00", "-1", "[]", "{}", "null")) {
            documents.add(job.replaceFirst("name: [^\\n]+", "name: '" + value.replace("'", "''") + "'"));
        }
        return documents;
    }

    /** A value of the type, as JSON would hold it. */
    private static Object sample(Type type) {
        Class<?> raw = type instanceof ParameterizedType p ? (Class<?>) p.getRawType() : (Class<?>) type;
        if (raw.isRecord()) {
            Map<String, Object> fields = new LinkedHashMap<>();
            for (RecordComponent component : raw.getRecordComponents()) {
                fields.put(component.getName(), sample(component.getGenericType()));
            }
            return fields;
        }
        if (Collection.class.isAssignableFrom(raw)) {
            Type element = type instanceof ParameterizedType p ? p.getActualTypeArguments()[0] : String.class;
            return new ArrayList<>(List.of(sample(element)));
        }
        if (Map.class.isAssignableFrom(raw)) {
            return new LinkedHashMap<>(Map.of("value", "sample", "name", "sample", "expiration", 60));
        }
        if (raw == boolean.class || raw == Boolean.class) {
            return false;
        }
        if (Number.class.isAssignableFrom(raw) || raw.isPrimitive()) {
            return 1;
        }
        return "sample";
    }

    /** Paths (keys and indexes) to every value that is not a map or a list. */
    @SuppressWarnings("unchecked")
    private static List<List<Object>> leaves(Object value, List<Object> at) {
        List<List<Object>> leaves = new ArrayList<>();
        if (value instanceof Map<?, ?> map) {
            map.forEach((k, v) -> leaves.addAll(leaves(v, append(at, k))));
        } else if (value instanceof List<?> list) {
            for (int i = 0; i < list.size(); i++) {
                leaves.addAll(leaves(list.get(i), append(at, i)));
            }
            leaves.add(at);
        } else {
            leaves.add(at);
        }
        return leaves;
    }

    private static List<Object> append(List<Object> path, Object step) {
        List<Object> longer = new ArrayList<>(path);
        longer.add(step);
        return longer;
    }

    @SuppressWarnings("unchecked")
    private static Object replaced(Object template, List<Object> path, Object value) {
        Object copy = JSON.convertValue(template, Object.class);
        if (path.isEmpty()) {
            return value instanceof Raw raw ? "@raw@" + raw.json().hashCode() : value;
        }
        Object parent = copy;
        for (Object step : path.subList(0, path.size() - 1)) {
            parent = parent instanceof Map<?, ?> map ? map.get(step) : ((List<Object>) parent).get((Integer) step);
        }
        Object last = path.get(path.size() - 1);
        Object put = value instanceof Raw raw ? "@raw@" + raw.json().hashCode() : value;
        if (parent instanceof Map<?, ?> map) {
            ((Map<Object, Object>) map).put(last, put);
        } else {
            ((List<Object>) parent).set((Integer) last, put);
        }
        return copy;
    }

    private static String json(Object value) {
        try {
            return JSON.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private String account(boolean admin) {
        RestClient root = RestClient.admin(port);
        String name = "hostile" + System.nanoTime();
        String password = "pw-" + name;
        RestClient.Response created = root.postJson("/api/v2/users", Map.of("username", name, "password", password,
                "admin", admin, "virtualCluster", List.of("default")));
        assertThat(created.status()).as(created.toString()).isEqualTo(201);
        return RestClient.anonymous(port).login(name, password).token();
    }

    /**
     * Sends the call as it is, over a socket of its own from {@link #FROM}: failed logins among
     * the calls then block that address only, not the one the other tests sign in from.
     */
    private Answer send(String token, Call call) {
        byte[] body = call.payload() == null ? new byte[0] : call.payload().text().getBytes(StandardCharsets.UTF_8);
        StringBuilder head = new StringBuilder(call.method()).append(' ').append(call.path())
                .append(" HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\nAuthorization: Bearer ").append(token)
                .append("\r\nContent-Length: ").append(body.length).append("\r\n");
        if (call.payload() != null && !call.payload().contentType().isEmpty()) {
            head.append("Content-Type: ").append(call.payload().contentType()).append("\r\n");
        }
        head.append("\r\n");
        try (Socket socket = new Socket()) {
            socket.bind(new InetSocketAddress(InetAddress.getByName(FROM), 0));
            socket.connect(new InetSocketAddress("127.0.0.1", port), 10_000);
            socket.setSoTimeout(60_000);
            OutputStream out = socket.getOutputStream();
            out.write(head.toString().getBytes(StandardCharsets.UTF_8));
            out.write(body);
            out.flush();
            String answer = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            int status = answer.startsWith("HTTP/1.1 ") ? Integer.parseInt(answer.substring(9, 12)) : 599;
            int bodyAt = answer.indexOf("\r\n\r\n");
            return new Answer(status, bodyAt < 0 ? answer : answer.substring(bodyAt + 4));
        } catch (IOException e) {
            return new Answer(599, "no answer: " + e);
        }
    }

    private record Route(String method, String pattern, HandlerMethod handler) {
        Call call(String path, Payload payload) {
            return new Call(method, path, payload);
        }
    }

    private record Payload(String contentType, String text) {
        @Override
        public String toString() {
            String shown = text.length() > 120 ? text.substring(0, 120) + "…(" + text.length() + ")" : text;
            return contentType + " " + shown.replace("\u0000", "\\0");
        }
    }

    private record Body(Payload sample, List<Payload> hostile) {
    }

    private record Call(String method, String path, Payload payload) {
        @Override
        public String toString() {
            String shown = path.length() > 160 ? path.substring(0, 160) + "…" : path;
            return method + " " + shown + (payload == null ? "" : " " + payload);
        }
    }

    private record Answer(int status, String body) {
        @Override
        public String toString() {
            return status + " " + (body.length() > 200 ? body.substring(0, 200) + "…" : body);
        }
    }

    /** JSON text put in place of a value as it is (a number, a list, a broken string). */
    private record Raw(String json) {
    }
}
