package org.gantry.marketplace;

import java.util.List;
import java.util.Optional;
import org.springframework.stereotype.Service;

/**
 * Code and template items that point at a Git repository: the README becomes the
 * description and a job YAML the template; {@link #refresh} reads the repository again and
 * publishes a new version when something changed.
 */
@Service
public class GitItems {

    private final MarketplaceService items;
    private final RepositoryReader reader;

    GitItems(MarketplaceService items, RepositoryReader reader) {
        this.items = items;
        this.reader = reader;
    }

    public MarketItem create(String name, ItemType type, String url, Optional<String> ref, String summary,
                             Visibility visibility, List<String> groups) {
        if (type != ItemType.CODE && type != ItemType.TEMPLATE && type != ItemType.EXAMPLE) {
            throw MarketplaceException.invalid("Only code, template and example items come from Git.");
        }
        RepositoryReader.Snapshot snapshot = reader.read(url, ref);
        if (type == ItemType.TEMPLATE && snapshot.jobYaml().isEmpty()) {
            throw MarketplaceException.invalid("The repository has no job.yaml (nor another top-level YAML with"
                    + " protocolVersion) to use as the template.");
        }
        ItemDraft draft = ItemDraft.of(name, name, type, summary, snapshot.readme().orElse(""),
                snapshot.jobYaml().orElse(""), List.of(), visibility)
                .withChangelog("From " + url + " at " + snapshot.commit().substring(0, 12)).withGroups(groups);
        return items.create(draft, "git", Optional.of(url), ref.filter(r -> !r.isBlank()));
    }

    /** Reads the repository again; a new version when the README or job YAML changed, else the item as it is. */
    public MarketItem refresh(String ref) {
        MarketItem item = items.get(ref);
        String url = item.gitUrl().orElseThrow(() -> MarketplaceException.invalid("Item " + item.name()
                + " does not come from Git."));
        items.requireEditable(ref, items.viewer());
        RepositoryReader.Snapshot snapshot = reader.read(url, item.gitRef());
        MarketVersion latest = items.version(ref, item.latestVersion());
        String description = snapshot.readme().orElse("");
        String content = snapshot.jobYaml().orElse(latest.content());
        if (description.equals(latest.description()) && content.equals(latest.content())) {
            return item;
        }
        return items.update(ref, ItemDraft.change("Refreshed from " + url + " at " + snapshot.commit().substring(0, 12))
                .withDescription(description).withContent(content));
    }
}
