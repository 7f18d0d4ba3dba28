package org.gantry.api;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.util.Map;
import org.springframework.web.servlet.HandlerInterceptor;
import org.springframework.web.servlet.HandlerMapping;

/**
 * Refuses a REST call whose query or form parameters or path variables hold a NUL
 * character, before its controller runs; the refusal goes through {@link ApiExceptionHandler}.
 */
class NulParameterCheck implements HandlerInterceptor {

    @Override
    public boolean preHandle(HttpServletRequest request, HttpServletResponse response, Object handler) {
        for (Map.Entry<String, String[]> parameter : request.getParameterMap().entrySet()) {
            if (NulCharacters.in(parameter.getKey())) {
                throw NulCharacters.refusal("A parameter name");
            }
            for (String value : parameter.getValue()) {
                if (NulCharacters.in(value)) {
                    throw NulCharacters.refusal("Parameter " + parameter.getKey());
                }
            }
        }
        if (request.getAttribute(HandlerMapping.URI_TEMPLATE_VARIABLES_ATTRIBUTE) instanceof Map<?, ?> variables) {
            for (Map.Entry<?, ?> variable : variables.entrySet()) {
                if (variable.getValue() instanceof String value && NulCharacters.in(value)) {
                    throw NulCharacters.refusal("Path segment " + variable.getKey());
                }
            }
        }
        return true;
    }
}
