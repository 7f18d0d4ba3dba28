package org.gantry.api;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.gantry.expression.Expression;
import org.gantry.expression.ExpressionService;
import org.gantry.security.CurrentUser;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/** Gantry's addition: the caller's values for {@code <% expression.key %>}. */
@RestController
@RequestMapping("/api/v2/users/me/expressions")
@Tag(name = "expression", description = "Your values for <% expression.key %> in job documents")
class ExpressionController {

    private final ExpressionService expressions;
    private final CurrentUser currentUser;

    ExpressionController(ExpressionService expressions, CurrentUser currentUser) {
        this.expressions = expressions;
        this.currentUser = currentUser;
    }

    @GetMapping({"", "/"})
    @Operation(summary = "List your expressions")
    List<Map<String, Object>> list() {
        return expressions.list(currentUser.require()).stream().map(ExpressionController::json).toList();
    }

    @GetMapping("/{key}")
    @Operation(summary = "Get one of your expressions")
    Map<String, Object> get(@PathVariable String key) {
        return expressions.get(currentUser.require(), key).map(ExpressionController::json)
                .orElseThrow(() -> noExpression(key));
    }

    @PutMapping("/{key}")
    @Operation(summary = "Create or replace an expression", description = "Body {\"value\": \"...\"}; key"
            + " [A-Za-z0-9_-]{1,64}, value at most 4096 characters. 201 when new, 200 when replaced.")
    ResponseEntity<Map<String, Object>> put(@PathVariable String key, @RequestBody JobController.ValueRequest body) {
        String me = currentUser.require();
        boolean created = expressions.put(me, key, body.value());
        return ResponseEntity.status(created ? HttpStatus.CREATED : HttpStatus.OK)
                .body(json(expressions.get(me, key).orElseThrow()));
    }

    @DeleteMapping("/{key}")
    @Operation(summary = "Delete one of your expressions")
    Map<String, String> delete(@PathVariable String key) {
        if (!expressions.delete(currentUser.require(), key)) {
            throw noExpression(key);
        }
        return Map.of("message", "Expression " + key + " is deleted.");
    }

    private static ApiException noExpression(String key) {
        return new ApiException(HttpStatus.NOT_FOUND, "NoExpressionError", "Expression " + key + " is not found.");
    }

    private static Map<String, Object> json(Expression expression) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("key", expression.key());
        json.put("value", expression.value());
        json.put("updatedTime", expression.updatedAt().toEpochMilli());
        return json;
    }
}
