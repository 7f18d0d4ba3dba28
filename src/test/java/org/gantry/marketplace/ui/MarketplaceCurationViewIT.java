package org.gantry.marketplace.ui;

import static com.github.mvysny.kaributesting.v10.LocatorJ._click;
import static com.github.mvysny.kaributesting.v10.LocatorJ._find;
import static com.github.mvysny.kaributesting.v10.LocatorJ._get;
import static org.assertj.core.api.Assertions.assertThat;

import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.combobox.MultiSelectComboBox;
import com.vaadin.flow.router.QueryParameters;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.eclipse.jgit.api.Git;
import org.gantry.marketplace.ItemDraft;
import org.gantry.marketplace.ItemType;
import org.gantry.marketplace.MarketFiles;
import org.gantry.marketplace.MarketplaceService;
import org.gantry.marketplace.Visibility;
import org.gantry.security.Role;
import org.gantry.security.UserService;
import org.gantry.testsupport.KaribuSupport;
import org.gantry.testsupport.TestSecurity;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.ApplicationContext;

/**
 * The browser's views beyond search: my public / my private items, updates of followed items,
 * edit in place, Git items, categories the administrators manage, the download counter and
 * an item's history.
 */
@SpringBootTest(properties = {"gantry.marketplace.max-file-bytes=100000", "gantry.marketplace.git-allow-local=true"})
class MarketplaceCurationViewIT {

    @Autowired
    ApplicationContext context;
    @Autowired
    UserService users;
    @Autowired
    MarketplaceService items;
    @Autowired
    MarketFiles files;

    String author;
    String reader;
    String word;

    @BeforeEach
    void users() {
        String id = UUID.randomUUID().toString().substring(0, 8);
        author = "mc" + id;
        reader = "mr" + id;
        word = "cw" + id.replaceAll("[0-9]", "q");
        TestSecurity.asAdmin(() -> {
            users.create(author, author + "-password", Role.USER, "", List.of("default"));
            users.create(reader, reader + "-password", Role.USER, "", List.of("default"));
        });
    }

    @AfterEach
    void signOut() {
        KaribuSupport.signOut();
    }

    @Test
    void mine_with_a_visibility_shows_my_public_or_my_private_items_only() {
        KaribuSupport.signIn(context, author, Role.USER);
        items.create(ItemDraft.of("priv-" + word, "Private " + word, ItemType.CODE, "", "", "", List.of(),
                Visibility.PRIVATE));
        items.create(ItemDraft.of("pub-" + word, "Public " + word, ItemType.CODE, "", "", "", List.of(),
                Visibility.PUBLIC));

        UI.getCurrent().navigate("marketplace", QueryParameters.simple(Map.of("view", "mine", "visibility",
                "private")));
        MarketplaceView view = _get(MarketplaceView.class);
        assertThat(view.visibility.getValue()).isEqualTo(Visibility.PRIVATE);
        assertThat(cards(view)).containsExactly("priv-" + word);

        view.visibility.setValue(Visibility.PUBLIC);
        assertThat(cards(view)).containsExactly("pub-" + word);
        view.visibility.clear();
        assertThat(cards(view)).containsExactlyInAnyOrder("priv-" + word, "pub-" + word);
    }

    @Test
    void updates_list_followed_items_with_a_new_version_until_the_follower_opens_them() {
        String name = "followed-" + word;
        KaribuSupport.signIn(context, author, Role.USER);
        items.create(ItemDraft.of(name, "Followed", ItemType.CODE, "", "v1", "", List.of(), Visibility.GROUPS)
                .withGroups(List.of("default")));
        KaribuSupport.signOut();

        KaribuSupport.signIn(context, reader, Role.USER);
        UI.getCurrent().navigate(ItemView.class, ItemView.parameters(name));
        _click(_get(Button.class, spec -> spec.withId("item-follow")));
        UI.getCurrent().navigate("marketplace", QueryParameters.of("view", "updates"));
        assertThat(_get(MarketplaceView.class).results.getElement().getTextRecursively())
                .contains("No new versions of the items you follow");
        KaribuSupport.signOut();

        KaribuSupport.signIn(context, author, Role.USER);
        items.update(name, ItemDraft.change("Second").withDescription("v2"));
        KaribuSupport.signOut();

        KaribuSupport.signIn(context, reader, Role.USER);
        UI.getCurrent().navigate("marketplace", QueryParameters.of("view", "updates"));
        MarketplaceView view = _get(MarketplaceView.class);
        assertThat(cards(view)).containsExactly(name);
        assertThat(view.results.getElement().getTextRecursively()).contains("New: version 2");

        UI.getCurrent().navigate(ItemView.class, ItemView.parameters(name));
        UI.getCurrent().navigate("marketplace", QueryParameters.of("view", "updates"));
        assertThat(cards(_get(MarketplaceView.class))).isEmpty();
    }

    @Test
    void the_author_edits_in_place_and_others_see_no_history() {
        String name = "edit-" + word;
        KaribuSupport.signIn(context, author, Role.USER);
        items.create(ItemDraft.of(name, "Before", ItemType.CODE, "old summary", "", "", List.of("old"),
                Visibility.GROUPS).withGroups(List.of("default")));
        UI.getCurrent().navigate(ItemView.class, ItemView.parameters(name));
        _click(_get(Button.class, spec -> spec.withId("item-new-version")));
        VersionDialog dialog = _get(VersionDialog.class);
        assertThat(dialog.tags.getValue()).isEqualTo("old");
        dialog.displayName.setValue("After " + word);
        dialog.tags.setValue("new, " + word);
        dialog.changelog.setValue("Renamed");
        _click(_get(Button.class, spec -> spec.withId("version-save")));

        ItemView page = _get(ItemView.class);
        assertThat(page.title.getText()).isEqualTo("After " + word);
        assertThat(items.get(name).tags()).containsExactly("new", word);
        assertThat(page.versions.getElement().getTextRecursively()).contains("v2").contains("Renamed");
        assertThat(page.history.getElement().getTextRecursively()).contains(author).contains("version 2: Renamed");
        KaribuSupport.signOut();

        KaribuSupport.signIn(context, reader, Role.USER);
        UI.getCurrent().navigate(ItemView.class, ItemView.parameters(name));
        assertThat(_find(Button.class, spec -> spec.withId("item-new-version"))).isEmpty();
        assertThat(_get(ItemView.class).history.isAttached()).isFalse();
    }

    @Test
    void a_code_item_comes_from_git_in_the_publish_dialog_and_refreshes_from_its_page(@TempDir Path repo)
            throws Exception {
        String name = "git-" + word;
        try (Git git = Git.init().setDirectory(repo.toFile()).setInitialBranch("main").call()) {
            Files.writeString(repo.resolve("README.md"), "# Tools\n\nFirst " + word + ".\n");
            commitAll(git, "first");
            KaribuSupport.signIn(context, author, Role.USER);
            UI.getCurrent().navigate("marketplace");
            _click(_get(MarketplaceView.class).publish);
            PublishDialog dialog = _get(PublishDialog.class);
            dialog.name.setValue(name);
            dialog.type.setValue(ItemType.CODE);
            dialog.gitUrl.setValue(repo.toUri().toString());
            assertThat(dialog.description.isEnabled()).isFalse();
            _click(dialog.save);

            ItemView page = _get(ItemView.class);
            assertThat(page.meta.getText()).contains("from Git " + repo.toUri());
            assertThat(page.description.getElement().getChild(0).getProperty("innerHTML")).contains("First " + word);

            Files.writeString(repo.resolve("README.md"), "# Tools\n\nSecond " + word + ".\n");
            commitAll(git, "second");
            _click(_get(Button.class, spec -> spec.withId("item-git-refresh")));
            page = _get(ItemView.class);
            assertThat(page.description.getElement().getChild(0).getProperty("innerHTML")).contains("Second " + word);
            assertThat(page.versions.getElement().getTextRecursively()).contains("Refreshed from");
        }
    }

    @Test
    void administrators_manage_categories_and_file_items_under_them() {
        String name = "cat-" + word;
        String category = "lectures-" + word;
        KaribuSupport.signIn(context, author, Role.USER);
        items.create(ItemDraft.of(name, "Lecture notes", ItemType.FILE, "", "", "", List.of(), Visibility.GROUPS)
                .withGroups(List.of("default")));
        UI.getCurrent().navigate(ItemView.class, ItemView.parameters(name));
        assertThat(_find(MultiSelectComboBox.class, spec -> spec.withId("item-categories"))).isEmpty();
        KaribuSupport.signOut();

        KaribuSupport.signIn(context, "admin", Role.ADMIN);
        UI.getCurrent().navigate("admin/marketplace-review");
        ReviewView review = _get(ReviewView.class);
        review.newCategory.setValue("Not Valid!");
        _click(review.addCategory);
        assertThat(review.newCategory.isInvalid()).isTrue();
        review.newCategory.setValue(category);
        _click(review.addCategory);
        assertThat(review.categories.getElement().getTextRecursively()).contains(category).contains("official");

        UI.getCurrent().navigate(ItemView.class, ItemView.parameters(name));
        @SuppressWarnings("unchecked")
        MultiSelectComboBox<String> box = _get(MultiSelectComboBox.class, spec -> spec.withId("item-categories"));
        box.setValue(Set.of(category));
        assertThat(items.get(name).categories()).containsExactly(category);
        KaribuSupport.signOut();

        KaribuSupport.signIn(context, reader, Role.USER);
        UI.getCurrent().navigate("marketplace", QueryParameters.of("category", category));
        assertThat(cards(_get(MarketplaceView.class))).containsExactly(name);
        KaribuSupport.signOut();

        KaribuSupport.signIn(context, "admin", Role.ADMIN);
        UI.getCurrent().navigate("admin/marketplace-review");
        _click(_get(Button.class, spec -> spec.withId("remove-category-" + category)));
        assertThat(items.categories()).doesNotContain(category).contains("official");
        assertThat(items.get(name).categories()).isEmpty();
    }

    @Test
    void the_item_page_counts_downloads() throws Exception {
        String name = "dl-" + word;
        KaribuSupport.signIn(context, author, Role.USER);
        items.create(ItemDraft.of(name, "Slides", ItemType.FILE, "", "", "", List.of(), Visibility.PRIVATE));
        files.upload(name, "notes.md", new ByteArrayInputStream("# Notes".getBytes(StandardCharsets.UTF_8)));
        UI.getCurrent().navigate(ItemView.class, ItemView.parameters(name));
        assertThat(_get(ItemView.class).meta.getText()).contains("downloads 0");

        try (var download = files.download(name, "notes.md", Optional.empty()).in()) {
            assertThat(download.readAllBytes()).asString().isEqualTo("# Notes");
        }
        UI.getCurrent().navigate(ItemView.class, ItemView.parameters(name));
        assertThat(_get(ItemView.class).meta.getText()).contains("downloads 1");
    }

    private static List<String> cards(MarketplaceView view) {
        return _find(view.results, ItemCard.class).stream().map(c -> c.getElement().getAttribute("data-item"))
                .toList();
    }

    private static void commitAll(Git git, String message) throws Exception {
        git.add().addFilepattern(".").call();
        git.commit().setMessage(message).setAuthor("t", "t@localhost").setCommitter("t", "t@localhost").setSign(false)
                .call();
    }
}
