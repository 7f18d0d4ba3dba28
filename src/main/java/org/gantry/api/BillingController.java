package org.gantry.api;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.gantry.usage.BillingService;
import org.gantry.usage.Budget;
import org.gantry.usage.Price;
import org.gantry.usage.Statement;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** Gantry's billing routes: prices, monthly statements and budgets; amounts in integer minor units. */
@RestController
@Tag(name = "billing", description = "Prices, statements and budgets")
class BillingController {

    private final BillingService billing;

    BillingController(BillingService billing) {
        this.billing = billing;
    }

    @GetMapping("/api/v2/billing/prices")
    @Operation(summary = "The price table", description = "Per virtual cluster, each price in force from its"
            + " effectiveFrom until the next; amounts in minor units of the configured currency.")
    Map<String, Object> prices() {
        return Map.of("currency", billing.money().currency(), "prices", billing.prices());
    }

    @PutMapping("/api/v2/billing/prices")
    @Operation(summary = "Replace the price table", description = "Administrators only.")
    Map<String, Object> putPrices(@RequestBody List<Price> prices) {
        billing.replacePrices(prices);
        return prices();
    }

    @GetMapping("/api/v2/billing/statements/{period}")
    @Operation(summary = "A monthly statement", description = "period is YYYY-MM; user= or group= (administrators"
            + " for others and for groups); format=csv for CSV.")
    ResponseEntity<?> statement(@PathVariable String period, @RequestParam Optional<String> user,
                                @RequestParam Optional<String> group, @RequestParam Optional<String> format) {
        Statement statement = billing.statement(BillingService.month(period), user, group);
        if (format.isPresent() && !format.get().equals("csv") && !format.get().equals("json")) {
            throw ApiException.invalid("format is csv or json, not " + format.get() + ".");
        }
        if (format.filter("csv"::equals).isPresent()) {
            return ResponseEntity.ok().contentType(new MediaType("text", "csv", java.nio.charset.StandardCharsets.UTF_8))
                    .header("Content-Disposition", "attachment; filename=\"statement-" + statement.period() + ".csv\"")
                    .body(BillingService.csv(statement, billing.money()));
        }
        return ResponseEntity.ok(statement);
    }

    @GetMapping("/api/v2/billing/budgets")
    @Operation(summary = "Budgets and how they stand this month", description = "Administrators see all; others"
            + " their own and their groups'.")
    List<Map<String, Object>> budgets() {
        return billing.budgetStatuses().stream().map(this::json).toList();
    }

    @PutMapping("/api/v2/billing/budgets")
    @Operation(summary = "Replace every budget", description = "Administrators only.")
    List<Map<String, Object>> putBudgets(@RequestBody List<Budget> budgets) {
        billing.replaceBudgets(budgets);
        return budgets();
    }

    private Map<String, Object> json(Budget.Status status) {
        Map<String, Object> json = new LinkedHashMap<>();
        Budget b = status.budget();
        json.put("scope", b.scope().name());
        json.put("subject", b.subject());
        json.put("amountMinor", b.amountMinor());
        json.put("warnPercents", b.warnPercents());
        json.put("hardLimit", b.hardLimit());
        json.put("period", status.period());
        json.put("spentMinor", status.spentMinor());
        json.put("forecastMinor", status.forecastMinor());
        json.put("level", status.level().name());
        json.put("message", status.describe(billing.money()));
        return json;
    }
}
