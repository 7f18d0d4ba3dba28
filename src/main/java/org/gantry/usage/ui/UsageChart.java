package org.gantry.usage.ui;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.vaadin.flow.component.Component;
import com.vaadin.flow.component.HasSize;
import com.vaadin.flow.component.Tag;
import com.vaadin.flow.component.dependency.JsModule;
import com.vaadin.flow.component.dependency.NpmPackage;
import java.util.List;
import java.util.Map;

/**
 * A Chart.js chart of bars on the left axis and a line on the right (none when
 * {@code lineLabel} is null); the browser draws it
 * (frontend/usage/gantry-usage-chart.js), the server only sends the numbers.
 */
@Tag("gantry-usage-chart")
@NpmPackage(value = "chart.js", version = "4.6.1")
@JsModule("./usage/gantry-usage-chart.js")
class UsageChart extends Component implements HasSize {

    private static final ObjectMapper JSON = new ObjectMapper();

    UsageChart(String title, List<String> labels, String barsLabel, List<? extends Number> bars, String lineLabel,
               List<? extends Number> line) {
        setHeight("260px");
        setWidthFull();
        try {
            Map<String, Object> config = new java.util.LinkedHashMap<>(Map.of("title", title, "labels", labels,
                    "bars", Map.of("label", barsLabel, "data", bars)));
            if (lineLabel != null) {
                config.put("line", Map.of("label", lineLabel, "data", line));
            }
            getElement().setProperty("config", JSON.writeValueAsString(config));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
        getElement().setAttribute("title", title);
    }
}
