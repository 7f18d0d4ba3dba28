package org.gantry.bench;

import com.vaadin.flow.component.Component;
import com.vaadin.flow.internal.StateNode;
import com.vaadin.flow.internal.nodefeature.ElementData;
import com.vaadin.flow.server.VaadinSession;
import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What one UI session holds, by owner: walks the objects a session reaches that nothing shared
 * reaches (the Spring context, the servlet and its service, walked first without entering any
 * session, UI, component or state node) and sums their estimated sizes by the state node or
 * component they hang under, or by the session's field that holds them. An estimate (object
 * headers of 12 bytes, 4-byte references, 8-byte alignment; fields the JDK does not open are
 * not followed), to see where a session's heap goes; {@link UiSessionMemory} measures the total.
 */
final class SessionOwners {

    /** An owner (its last word, as {@code vaadin-grid-column} or {@code JobGrid}) whose objects are also listed by class ({@code -Dbench.owners.detail=…}). */
    private static final String DETAIL = System.getProperty("bench.owners.detail", "");

    private final Set<Object> shared = Collections.newSetFromMap(new IdentityHashMap<>());

    private SessionOwners() {
    }

    static void print(VaadinSession session, Object... sharedRoots) {
        SessionOwners owners = new SessionOwners();
        owners.walkShared(sharedRoots);
        owners.printOwned(session);
    }

    private void walkShared(Object... roots) {
        Deque<Object> queue = new ArrayDeque<>();
        for (Object root : roots) {
            if (shared.add(root)) {
                queue.add(root);
            }
        }
        while (!queue.isEmpty()) {
            for (Object ref : references(queue.poll())) {
                if (!perSession(ref) && shared.add(ref)) {
                    queue.add(ref);
                }
            }
        }
    }

    private static boolean perSession(Object o) {
        return o instanceof VaadinSession || o instanceof Component || o instanceof StateNode
                || o instanceof jakarta.servlet.http.HttpSession;
    }

    private void printOwned(VaadinSession session) {
        Map<Object, String> labels = new IdentityHashMap<>();
        Map<String, long[]> sums = new HashMap<>();
        Map<String, long[]> detail = new HashMap<>();
        Map<Object, String> parentField = new IdentityHashMap<>();
        Deque<Object> queue = new ArrayDeque<>();
        labels.put(session, "VaadinSession");
        queue.add(session);
        while (!queue.isEmpty()) {
            Object o = queue.poll();
            String label = labels.get(o);
            long[] sum = sums.computeIfAbsent(label, l -> new long[2]);
            sum[0]++;
            sum[1] += size(o);
            if (!DETAIL.isEmpty() && label.endsWith(" " + DETAIL)) {
                long[] d = detail.computeIfAbsent(o.getClass().getName() + " via " + parentField.get(o), l -> new long[2]);
                d[0]++;
                d[1] += size(o);
            }
            for (Map.Entry<String, Object> ref : namedReferences(o)) {
                Object r = ref.getValue();
                if (shared.contains(r) || labels.containsKey(r)) {
                    continue;
                }
                labels.put(r, label(r, label, o, ref.getKey()));
                parentField.put(r, o.getClass().getSimpleName() + "." + ref.getKey());
                queue.add(r);
            }
        }
        long total = sums.values().stream().mapToLong(s -> s[1]).sum();
        System.out.printf("one session's own objects by owner (estimated, %.1f kB in all): objects, bytes%n",
                total / 1e3);
        sums.entrySet().stream().sorted((a, b) -> Long.compare(b.getValue()[1], a.getValue()[1])).limit(45)
                .forEach(e -> System.out.printf("%8d %9d  %s%n", e.getValue()[0], e.getValue()[1], e.getKey()));
        if (!detail.isEmpty()) {
            System.out.println("of " + DETAIL + ", by class and the field that holds it:");
            detail.entrySet().stream().sorted((a, b) -> Long.compare(b.getValue()[1], a.getValue()[1])).limit(40)
                    .forEach(e -> System.out.printf("%8d %9d  %s%n", e.getValue()[0], e.getValue()[1], e.getKey()));
        }
    }

    private static String label(Object r, String parentLabel, Object parent, String field) {
        if (r instanceof StateNode node) {
            return "node " + (node.hasFeature(ElementData.class)
                    ? String.valueOf(node.getFeature(ElementData.class).getTag()) : "(text or other)");
        }
        if (r instanceof Component c) {
            return "component " + c.getClass().getName().replaceAll(".*\\.", "");
        }
        if (parent instanceof VaadinSession || parent instanceof com.vaadin.flow.component.UI
                || parent instanceof com.vaadin.flow.component.internal.UIInternals) {
            return parent.getClass().getSimpleName() + "." + field;
        }
        return parentLabel;
    }

    private static List<Object> references(Object o) {
        List<Object> refs = new ArrayList<>();
        for (Map.Entry<String, Object> e : namedReferences(o)) {
            refs.add(e.getValue());
        }
        return refs;
    }

    private static List<Map.Entry<String, Object>> namedReferences(Object o) {
        List<Map.Entry<String, Object>> refs = new ArrayList<>();
        Class<?> type = o.getClass();
        if (o instanceof Class<?> || type.isEnum() || o instanceof Thread || o instanceof ClassLoader) {
            return refs;
        }
        if (type.isArray()) {
            if (!type.getComponentType().isPrimitive()) {
                for (int i = 0; i < Array.getLength(o); i++) {
                    Object r = Array.get(o, i);
                    if (r != null) {
                        refs.add(Map.entry("[]", r));
                    }
                }
            }
            return refs;
        }
        for (Class<?> c = type; c != null; c = c.getSuperclass()) {
            for (Field f : c.getDeclaredFields()) {
                if (Modifier.isStatic(f.getModifiers()) || f.getType().isPrimitive()) {
                    continue;
                }
                try {
                    f.setAccessible(true);
                    Object r = f.get(o);
                    if (r != null) {
                        refs.add(Map.entry(f.getName(), r));
                    }
                } catch (RuntimeException | IllegalAccessException e) {
                    // a JDK field not opened to us: not followed
                }
            }
        }
        return refs;
    }

    private static long size(Object o) {
        Class<?> type = o.getClass();
        long bytes;
        if (type.isArray()) {
            Class<?> item = type.getComponentType();
            int each = item == long.class || item == double.class ? 8 : item == int.class || item == float.class
                    || !item.isPrimitive() ? 4 : item == short.class || item == char.class ? 2 : 1;
            bytes = 16 + (long) Array.getLength(o) * each;
        } else {
            bytes = 12;
            for (Class<?> c = type; c != null; c = c.getSuperclass()) {
                for (Field f : c.getDeclaredFields()) {
                    if (Modifier.isStatic(f.getModifiers())) {
                        continue;
                    }
                    Class<?> t = f.getType();
                    bytes += t == long.class || t == double.class ? 8 : t == int.class || t == float.class
                            || !t.isPrimitive() ? 4 : t == short.class || t == char.class ? 2 : 1;
                }
            }
        }
        return (bytes + 7) / 8 * 8;
    }
}
