package org.gantry.api;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.servlet.http.HttpServletResponse;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.time.Clock;
import org.gantry.security.CurrentUser;
import org.gantry.usage.DigestFeed;
import org.gantry.usage.DigestService;
import org.gantry.usage.HistoryService;
import org.gantry.usage.UsageBucket;
import org.gantry.usage.UsageService;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.support.ServletUriComponentsBuilder;

/** Gantry's usage routes: usage per day or month, the job history as CSV, the monthly digest as Atom. */
@RestController
@Tag(name = "usage", description = "Job history and usage")
class UsageController {

    private final HistoryService history;
    private final UsageService usage;
    private final DigestService digest;
    private final CurrentUser currentUser;
    private final Clock clock;

    UsageController(HistoryService history, UsageService usage, DigestService digest, CurrentUser currentUser,
                    Clock clock) {
        this.history = history;
        this.usage = usage;
        this.digest = digest;
        this.currentUser = currentUser;
        this.clock = clock;
    }

    @GetMapping(value = "/api/v2/usage/digest.atom", produces = DigestFeed.MEDIA_TYPE)
    @Operation(summary = "Your monthly digest as an Atom feed", description = "One entry per complete month (UTC)"
            + " of the last twelve in which an attempt of yours ended: jobs, success rate, CPU- and GPU-hours,"
            + " charges, top diagnoses and recommendations. Always the caller's own; send the token as"
            + " Authorization: Bearer.")
    void digestFeed(HttpServletResponse response) throws IOException {
        String page = ServletUriComponentsBuilder.fromCurrentContextPath().path("/usage/digest").toUriString();
        List<DigestService.Month> months = digest.mine();
        response.setContentType(DigestFeed.MEDIA_TYPE + ";charset=UTF-8");
        Writer out = new BufferedWriter(new OutputStreamWriter(response.getOutputStream(), StandardCharsets.UTF_8));
        DigestFeed.write(currentUser.require(), months, digest.money(), page, clock.instant(), out);
        out.flush();
    }

    @GetMapping("/api/v2/usage")
    @Operation(summary = "Usage per day or month", description = "Attempts that ended in [from, to), bucketed by"
            + " UTC day or month; user, group and vc narrow it. Non-administrators get only their own.")
    List<UsageBucket> usage(@RequestParam(required = false) String from, @RequestParam(required = false) String to,
                            @RequestParam Optional<String> user, @RequestParam Optional<String> group,
                            @RequestParam Optional<String> vc, @RequestParam Optional<String> by) {
        Instant start = UsageTimes.parse("from", from);
        Instant end = UsageTimes.parse("to", to);
        UsageService.By unit;
        try {
            unit = UsageService.By.valueOf(by.orElse("day").toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw ApiException.invalid("by is day or month, not " + by.orElse("") + ".");
        }
        try {
            return usage.usage(start, end, unit, new UsageService.Filter(user, group, vc));
        } catch (IllegalArgumentException e) {
            throw ApiException.invalid(e.getMessage());
        }
    }

    @GetMapping("/api/v2/usage/history.csv")
    @Operation(summary = "Job history as CSV", description = "One row per task attempt that ended in [from, to);"
            + " administrators get everyone's, others their own. Streamed.")
    void historyCsv(@RequestParam(required = false) String from, @RequestParam(required = false) String to,
                    HttpServletResponse response) throws IOException {
        Instant start = UsageTimes.parse("from", from);
        Instant end = UsageTimes.parse("to", to);
        try {
            HistoryService.checkPeriod(start, end);
        } catch (IllegalArgumentException e) {
            throw ApiException.invalid(e.getMessage());
        }
        response.setContentType("text/csv;charset=UTF-8");
        response.setHeader("Content-Disposition", "attachment; filename=\"history.csv\"");
        Writer out = new BufferedWriter(new OutputStreamWriter(response.getOutputStream(), StandardCharsets.UTF_8),
                1 << 16);
        history.writeCsv(start, end, out);
        out.flush();
    }
}
