package org.gantry.marketplace;

import java.util.List;
import java.util.Optional;

/**
 * What an author sends to create an item or a new version of it. Absent fields keep the
 * item's current value on an update. {@code submit} false keeps a public item's version a
 * draft instead of sending it to review.
 */
public record ItemDraft(Optional<String> name, Optional<String> displayName, Optional<ItemType> type,
                        Optional<String> summary, Optional<String> description, Optional<String> content,
                        Optional<List<String>> tags, Optional<Visibility> visibility,
                        Optional<List<String>> groups, String changelog, boolean submit) {

    public static final int NAME_MAX = 64;
    public static final int DISPLAY_NAME_MAX = 255;
    public static final int SUMMARY_MAX = 1024;
    public static final int DESCRIPTION_MAX = 200_000;
    public static final int CONTENT_MAX = 200_000;
    public static final int CHANGELOG_MAX = 1024;
    public static final int TAG_MAX = 64;
    public static final int TAGS_MAX = 32;

    /** A new item with the fields every item needs. */
    public static ItemDraft of(String name, String displayName, ItemType type, String summary, String description,
                               String content, List<String> tags, Visibility visibility) {
        return new ItemDraft(Optional.of(name), Optional.of(displayName), Optional.of(type), Optional.of(summary),
                Optional.of(description), Optional.of(content), Optional.of(tags), Optional.of(visibility),
                Optional.empty(), "First version", true);
    }

    public ItemDraft withChangelog(String line) {
        return new ItemDraft(name, displayName, type, summary, description, content, tags, visibility, groups, line,
                submit);
    }

    public ItemDraft withGroups(List<String> groupNames) {
        return new ItemDraft(name, displayName, type, summary, description, content, tags, visibility,
                Optional.of(groupNames), changelog, submit);
    }

    public ItemDraft asDraft() {
        return new ItemDraft(name, displayName, type, summary, description, content, tags, visibility, groups,
                changelog, false);
    }

    /** Only a new description and changelog line: the common edit. */
    public static ItemDraft change(String changelog) {
        return new ItemDraft(Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(),
                Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), changelog, true);
    }

    public ItemDraft withDescription(String text) {
        return new ItemDraft(name, displayName, type, summary, Optional.of(text), content, tags, visibility, groups,
                changelog, submit);
    }

    public ItemDraft withSummary(String text) {
        return new ItemDraft(name, displayName, type, Optional.of(text), description, content, tags, visibility, groups,
                changelog, submit);
    }

    public ItemDraft withContent(String text) {
        return new ItemDraft(name, displayName, type, summary, description, Optional.of(text), tags, visibility,
                groups, changelog, submit);
    }

    public ItemDraft withVisibility(Visibility v) {
        return new ItemDraft(name, displayName, type, summary, description, content, tags, Optional.of(v), groups,
                changelog, submit);
    }

    public ItemDraft withDisplayName(String text) {
        return new ItemDraft(name, Optional.of(text), type, summary, description, content, tags, visibility, groups,
                changelog, submit);
    }

    public ItemDraft withTags(List<String> words) {
        return new ItemDraft(name, displayName, type, summary, description, content, Optional.of(words), visibility,
                groups, changelog, submit);
    }
}
