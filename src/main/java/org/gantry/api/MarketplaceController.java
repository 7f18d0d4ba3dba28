package org.gantry.api;

import static org.gantry.api.BodyFields.strings;
import static org.gantry.api.BodyFields.text;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.gantry.job.JobSummary;
import org.gantry.marketplace.GitItems;
import org.gantry.marketplace.ItemDraft;
import org.gantry.marketplace.ItemType;
import org.gantry.marketplace.MarketFiles;
import org.gantry.marketplace.MarketItem;
import org.gantry.marketplace.MarketPage;
import org.gantry.marketplace.MarketQuery;
import org.gantry.marketplace.MarketSearch;
import org.gantry.marketplace.MarketVersion;
import org.gantry.marketplace.MarketplaceService;
import org.gantry.marketplace.ReviewStatus;
import org.gantry.marketplace.TemplateUse;
import org.gantry.marketplace.Visibility;
import org.springframework.http.ContentDisposition;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.multipart.MultipartFile;

/**
 * The marketplace's REST API. Items in JSON use openpaimarketplace's field names where they
 * mean the same ({@code name, author, type, source, isPublic, isPrivate, groupList, dataUrl,
 * categories, tags, summary, description, protocol, useNumber, starNumber, status}) and add
 * Gantry's own. Every call is the signed-in caller's; what they may not see is 404.
 */
@RestController
@RequestMapping("/api/v2/marketplace")
@Tag(name = "marketplace", description = "Shared templates, images, data, code and files")
class MarketplaceController {

    private final MarketplaceService items;
    private final MarketSearch search;
    private final MarketFiles files;
    private final TemplateUse templates;
    private final GitItems git;

    MarketplaceController(MarketplaceService items, MarketSearch search, MarketFiles files, TemplateUse templates,
                          GitItems git) {
        this.items = items;
        this.git = git;
        this.search = search;
        this.files = files;
        this.templates = templates;
    }

    @GetMapping("/items")
    @Operation(summary = "Search items", description = "Full-text q (web search syntax); prefix=true matches the last"
            + " word as a prefix, for results as you type; facets=true adds counts per type, category, tag, author."
            + " total is exact up to a bound (gantry.marketplace.search.exact-up-to, 200 by default); past it,"
            + " total is the bound, totalIsLowerBound is true, and relevance ranks the newest matches up to the bound."
            + " highlight=true adds each item's matches marked with <mark> in an excerpt of its summary and"
            + " description (highlight); without it no excerpt is made.")
    Map<String, Object> search(@RequestParam Optional<String> q, @RequestParam Optional<String> type,
                               @RequestParam Optional<String> tag, @RequestParam Optional<String> category,
                               @RequestParam Optional<String> author, @RequestParam Optional<Boolean> official,
                               @RequestParam Optional<Boolean> starred, @RequestParam Optional<Boolean> mine,
                               @RequestParam Optional<String> sort, @RequestParam Optional<Integer> offset,
                               @RequestParam Optional<Integer> limit, @RequestParam Optional<Boolean> prefix,
                               @RequestParam Optional<Boolean> facets, @RequestParam Optional<String> visibility,
                               @RequestParam Optional<Boolean> highlight) {
        MarketQuery query = MarketQuery.all().withQ(q.orElse(null))
                .withType(type.map(t -> ItemType.parse(t).orElseThrow(() -> ApiException.invalid(
                        "type is one of template, image, data, file, code, example, plugin."))))
                .withTag(tag).withCategory(category).withAuthor(author)
                .withViews(official.orElse(false), starred.orElse(false), mine.orElse(false))
                .withSort(sort.map(MarketplaceController::sort).orElse(MarketQuery.Sort.RELEVANCE))
                .withPage(offset.orElse(0), limit.orElse(20)).withPrefix(prefix.orElse(false))
                .withVisibility(visibility.map(v -> Visibility.parse(v).orElseThrow(() -> ApiException.invalid(
                        "visibility is one of public, private, groups."))))
                .withHighlight(highlight.orElse(false));
        MarketPage page = search.search(query, facets.orElse(false));
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("items", page.items().stream().map(MarketplaceController::json).toList());
        json.put("total", page.total());
        json.put("totalIsLowerBound", page.totalIsLowerBound());
        if (facets.orElse(false)) {
            json.put("facets", page.facets());
        }
        return json;
    }

    @PostMapping("/items")
    @Operation(summary = "Create an item", description = "Private and group items are published at once; public"
            + " items go to review (submit=false keeps them a draft).")
    ResponseEntity<Map<String, Object>> create(@RequestBody Map<String, Object> body) {
        MarketItem item = items.create(draft(body, true));
        return ResponseEntity.created(URI.create("/api/v2/marketplace/items/" + item.id())).body(json(item));
    }

    @GetMapping("/items/{id}")
    Map<String, Object> get(@PathVariable String id) {
        return json(items.get(id));
    }

    @PutMapping("/items/{id}")
    @Operation(summary = "Publish a new version", description = "Absent fields keep their value; changelog is required.")
    Map<String, Object> update(@PathVariable String id, @RequestBody Map<String, Object> body) {
        return json(items.update(id, draft(body, false)));
    }

    @DeleteMapping("/items/{id}")
    Map<String, String> delete(@PathVariable String id) {
        items.delete(id);
        return Map.of("message", "Deleted marketplace item " + id + ".");
    }

    @GetMapping("/items/{id}/versions")
    List<Map<String, Object>> versions(@PathVariable String id) {
        return items.versions(id).stream().map(MarketplaceController::json).toList();
    }

    @GetMapping("/items/{id}/versions/{version}")
    Map<String, Object> version(@PathVariable String id, @PathVariable int version) {
        return json(items.version(id, version));
    }

    @GetMapping("/items/{id}/history")
    List<MarketplaceService.AuditEntry> history(@PathVariable String id) {
        return items.history(id);
    }

    @PutMapping("/items/{id}/star")
    Map<String, Object> star(@PathVariable String id) {
        return json(items.setStarred(id, true));
    }

    @DeleteMapping("/items/{id}/star")
    Map<String, Object> unstar(@PathVariable String id) {
        return json(items.setStarred(id, false));
    }

    @PutMapping("/items/{id}/follow")
    Map<String, Object> follow(@PathVariable String id) {
        return json(items.setFollowing(id, true));
    }

    @DeleteMapping("/items/{id}/follow")
    Map<String, Object> unfollow(@PathVariable String id) {
        return json(items.setFollowing(id, false));
    }

    @PutMapping("/items/{id}/status")
    @Operation(summary = "Review", description = "Admins: approved or rejected (with reason), draft to unpublish."
            + " Authors: pending to send to review, draft to withdraw.")
    Map<String, Object> status(@PathVariable String id, @RequestBody Map<String, Object> body) {
        ReviewStatus status = ReviewStatus.parse(text(body, "status").orElse("")).orElseThrow(() ->
                ApiException.invalid("status is one of draft, pending, approved, rejected."));
        return json(items.setStatus(id, status, text(body, "reason").orElse("")));
    }

    @PutMapping("/items/{id}/categories")
    Map<String, Object> categories(@PathVariable String id, @RequestBody Map<String, Object> body) {
        return json(items.setCategories(id, strings(body, "categories").orElse(List.of())));
    }

    @GetMapping("/categories")
    List<String> categoryList() {
        return items.categories();
    }

    @PostMapping("/categories")
    ResponseEntity<Map<String, String>> addCategory(@RequestBody Map<String, Object> body) {
        items.addCategory(text(body, "name").orElse(""));
        return ResponseEntity.status(HttpStatus.CREATED).body(Map.of("message", "Category created."));
    }

    @DeleteMapping("/categories/{name}")
    Map<String, String> removeCategory(@PathVariable String name) {
        items.removeCategory(name);
        return Map.of("message", "Category " + name + " removed.");
    }

    @GetMapping("/reviews")
    @Operation(summary = "Review queue (admins)", description = "Pending items with the diff against the last approved"
            + " version.")
    List<Map<String, Object>> reviews() {
        return items.reviewQueue().stream().map(r -> {
            Map<String, Object> json = new LinkedHashMap<>();
            json.put("item", json(r.item()));
            json.put("pending", json(r.pending()));
            json.put("approvedVersion", r.approvedVersion().orElse(null));
            json.put("diff", r.diff());
            return json;
        }).toList();
    }

    @GetMapping("/updates")
    @Operation(summary = "Followed items with a newer version")
    List<Map<String, Object>> updates() {
        return items.followedUpdates().stream().map(MarketplaceController::json).toList();
    }

    @GetMapping("/items/{id}/files")
    List<MarketFiles.ItemFile> fileList(@PathVariable String id, @RequestParam Optional<Integer> version) {
        return files.list(id, version);
    }

    @PostMapping(value = "/items/{id}/files", consumes = "multipart/form-data")
    @Operation(summary = "Upload files", description = "Multipart; each part is one file, checked by its content.")
    ResponseEntity<List<MarketFiles.ItemFile>> upload(@PathVariable String id,
                                                      @RequestParam("file") List<MultipartFile> parts)
            throws IOException {
        List<MarketFiles.ItemFile> stored = new java.util.ArrayList<>();
        for (MultipartFile part : parts) {
            try (InputStream in = part.getInputStream()) {
                stored.add(files.upload(id, Optional.ofNullable(part.getOriginalFilename()).orElse(""), in));
            }
        }
        return ResponseEntity.status(HttpStatus.CREATED).body(stored);
    }

    @GetMapping("/items/{id}/files/{name}")
    void download(@PathVariable String id, @PathVariable String name, @RequestParam Optional<Integer> version,
                  HttpServletResponse response) throws IOException {
        MarketFiles.Download download = files.download(id, name, version);
        try (InputStream in = download.in()) {
            response.setContentType(download.file().contentType());
            response.setContentLengthLong(download.file().size());
            response.setHeader("X-Content-Type-Options", "nosniff");
            response.setHeader("Content-Security-Policy", "sandbox");
            response.setHeader("Content-Disposition", ContentDisposition.attachment()
                    .filename(name, StandardCharsets.UTF_8).build().toString());
            in.transferTo(response.getOutputStream());
        }
    }

    @DeleteMapping("/items/{id}/files/{name}")
    Map<String, String> deleteFile(@PathVariable String id, @PathVariable String name) {
        files.delete(id, name);
        return Map.of("message", "Deleted file " + name + ".");
    }

    @PostMapping("/items/{id}/jobs")
    @Operation(summary = "Submit a job from a template", description = "Body: {version?, parameters?, name?}; the job"
            + " records marketplace {item, version}.")
    ResponseEntity<Map<String, Object>> submit(@PathVariable String id, @RequestBody Map<String, Object> body) {
        Optional<Integer> version = Optional.ofNullable(body.get("version")).map(v -> {
            if (!(v instanceof Number n)) {
                throw ApiException.invalid("version is a number.");
            }
            return n.intValue();
        });
        Object parameters = body.getOrDefault("parameters", Map.of());
        if (!(parameters instanceof Map<?, ?> map)) {
            throw ApiException.invalid("parameters is an object of name: value.");
        }
        Map<String, Object> values = new LinkedHashMap<>();
        map.forEach((k, v) -> values.put(String.valueOf(k), v));
        JobSummary job = templates.submit(id, version, values, text(body, "name"));
        MarketItem item = items.get(id);
        int used = version.orElse(item.publishedVersion().orElse(item.latestVersion()));
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("message", "Submitted job " + job.frameworkName() + " from " + item.name() + " version " + used + ".");
        json.put("job", Map.of("username", job.username(), "name", job.name()));
        json.put("marketplace", Map.of("item", item.name(), "version", used));
        return ResponseEntity.status(HttpStatus.ACCEPTED).body(json);
    }

    @GetMapping("/jobs/{user:[^~]+}~{job}")
    @Operation(summary = "The template a job came from", description = "marketplace {item, version}, and the newest"
            + " version when a newer one exists.")
    Map<String, Object> jobOrigin(@PathVariable String user, @PathVariable String job) {
        TemplateUse.Origin origin = templates.origin(user, job).orElseThrow(() -> new ApiException(
                HttpStatus.NOT_FOUND, "NoMarketplaceItemError", "Job " + user + "~" + job
                + " was not created from a marketplace template you may see."));
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("marketplace", Map.of("item", origin.item().name(), "version", origin.version()));
        json.put("newestVersion", origin.newestVersion());
        json.put("newerExists", origin.newerExists());
        json.put("diff", origin.diff());
        return json;
    }

    @PostMapping("/items/from-job")
    @Operation(summary = "Save your job as a private template", description = "Body: {job: user~name, name, displayName?,"
            + " summary?}; secrets are taken out, parameters kept.")
    ResponseEntity<Map<String, Object>> fromJob(@RequestBody Map<String, Object> body) {
        String job = text(body, "job").orElseThrow(() -> ApiException.invalid("job is user~name."));
        int tilde = job.indexOf('~');
        if (tilde < 1) {
            throw ApiException.invalid("job is user~name.");
        }
        String name = text(body, "name").orElseThrow(() -> ApiException.invalid("name is the new item's name."));
        MarketItem item = templates.saveAsTemplate(job.substring(0, tilde), job.substring(tilde + 1), name,
                text(body, "displayName").orElse(name), text(body, "summary").orElse(""));
        return ResponseEntity.created(URI.create("/api/v2/marketplace/items/" + item.id())).body(json(item));
    }

    @PostMapping("/items/from-git")
    @Operation(summary = "Create a code, template or example item from a Git repository",
            description = "Body: {name, type, gitUrl, gitRef?, summary?, visibility?, groupList?}; the README becomes"
                    + " the description, job.yaml the template.")
    ResponseEntity<Map<String, Object>> fromGit(@RequestBody Map<String, Object> body) {
        ItemDraft draft = draft(body, true);
        MarketItem item = git.create(draft.name().orElseThrow(() -> ApiException.invalid("name is the new item's name.")),
                draft.type().orElse(ItemType.CODE), text(body, "gitUrl").orElseThrow(() -> ApiException.invalid(
                        "gitUrl is the repository's URL.")), text(body, "gitRef"), draft.summary().orElse(""),
                draft.visibility().orElse(Visibility.PRIVATE), draft.groups().orElse(List.of()));
        return ResponseEntity.created(URI.create("/api/v2/marketplace/items/" + item.id())).body(json(item));
    }

    @PostMapping("/items/{id}/refresh")
    @Operation(summary = "Read an item's Git repository again", description = "A new version when the README or job"
            + " YAML changed.")
    Map<String, Object> refresh(@PathVariable String id) {
        return json(git.refresh(id));
    }

    static MarketQuery.Sort sort(String text) {
        return switch (text.toLowerCase()) {
            case "relevance" -> MarketQuery.Sort.RELEVANCE;
            case "stars", "starnumber" -> MarketQuery.Sort.STARS;
            case "use", "usenumber" -> MarketQuery.Sort.USE;
            case "newest", "created" -> MarketQuery.Sort.NEWEST;
            default -> throw ApiException.invalid("sort is one of relevance, stars, use, newest.");
        };
    }

    /** An item in JSON: openpaimarketplace's names first, Gantry's after. */
    static Map<String, Object> json(MarketItem item) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("id", item.id());
        json.put("name", item.name());
        json.put("displayName", item.displayName());
        json.put("author", item.author());
        json.put("type", item.type().json());
        json.put("source", item.source());
        json.put("isPublic", item.visibility() == Visibility.PUBLIC);
        json.put("isPrivate", item.visibility() == Visibility.PRIVATE);
        json.put("groupList", item.groups());
        json.put("categories", item.categories());
        json.put("tags", item.tags());
        json.put("summary", item.summary());
        json.put("description", item.description());
        switch (item.type()) {
            case TEMPLATE -> json.put("protocol", item.content());
            case DATA -> {
                json.put("dataType", item.content().contains("://") ? item.content().substring(0,
                        item.content().indexOf("://")) : "");
                json.put("dataUrl", item.content());
            }
            case IMAGE -> json.put("imageUri", item.content());
            case PLUGIN -> json.put("plugin", item.content());
            default -> json.put("content", item.content());
        }
        json.put("useNumber", item.useNumber());
        json.put("starNumber", item.starNumber());
        json.put("downloadNumber", item.downloadNumber());
        json.put("status", item.status().json());
        json.put("statusReason", item.statusReason());
        json.put("visibility", item.visibility().json());
        json.put("official", item.official());
        json.put("version", item.latestVersion());
        json.put("publishedVersion", item.publishedVersion().orElse(null));
        json.put("gitUrl", item.gitUrl().orElse(null));
        json.put("gitRef", item.gitRef().orElse(null));
        json.put("starred", item.starred());
        json.put("following", item.following());
        json.put("createdAt", item.createdAt().toEpochMilli());
        json.put("updatedAt", item.updatedAt().toEpochMilli());
        item.highlight().ifPresent(h -> json.put("highlight", h));
        return json;
    }

    static Map<String, Object> json(MarketVersion v) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("version", v.version());
        json.put("displayName", v.displayName());
        json.put("summary", v.summary());
        json.put("description", v.description());
        json.put("content", v.content());
        json.put("tags", v.tags());
        json.put("changelog", v.changelog());
        json.put("status", v.status().json());
        json.put("statusReason", v.statusReason());
        json.put("createdBy", v.createdBy());
        json.put("createdAt", v.createdAt().toEpochMilli());
        return json;
    }

    private static ItemDraft draft(Map<String, Object> body, boolean creating) {
        Optional<Visibility> visibility = text(body, "visibility").map(v -> Visibility.parse(v).orElseThrow(() ->
                ApiException.invalid("visibility is one of public, private, groups.")));
        if (visibility.isEmpty() && body.get("isPublic") instanceof Boolean isPublic) {
            visibility = Optional.of(isPublic ? Visibility.PUBLIC
                    : strings(body, "groupList").filter(g -> !g.isEmpty()).isPresent() ? Visibility.GROUPS
                    : Visibility.PRIVATE);
        }
        Optional<String> content = text(body, "content").or(() -> text(body, "protocol"))
                .or(() -> text(body, "dataUrl")).or(() -> text(body, "imageUri")).or(() -> text(body, "plugin"));
        Optional<ItemType> type = text(body, "type").map(t -> ItemType.parse(t).orElseThrow(() -> ApiException.invalid(
                "type is one of template, image, data, file, code, example, plugin.")));
        boolean submit = !(body.get("submit") instanceof Boolean b) || b;
        return new ItemDraft(text(body, "name"), text(body, "displayName"), type, text(body, "summary"),
                text(body, "description"), content, strings(body, "tags"), visibility, strings(body, "groupList"),
                text(body, "changelog").orElse(creating ? "First version" : ""), submit);
    }
}
