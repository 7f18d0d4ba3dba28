package org.gantry.marketplace.ui;

import static com.github.mvysny.kaributesting.v10.LocatorJ._click;
import static com.github.mvysny.kaributesting.v10.LocatorJ._find;
import static com.github.mvysny.kaributesting.v10.LocatorJ._get;
import static org.assertj.core.api.Assertions.assertThat;

import com.vaadin.flow.component.UI;
import com.vaadin.flow.router.QueryParameters;
import java.util.List;
import java.util.UUID;
import org.gantry.marketplace.ItemDraft;
import org.gantry.marketplace.ItemType;
import org.gantry.marketplace.MarketplaceService;
import org.gantry.marketplace.ReviewStatus;
import org.gantry.marketplace.Visibility;
import org.gantry.security.Role;
import org.gantry.security.UserService;
import org.gantry.testsupport.KaribuSupport;
import org.gantry.testsupport.TestSecurity;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.ApplicationContext;

@SpringBootTest
class MarketplaceViewIT {

    @Autowired
    ApplicationContext context;
    @Autowired
    UserService users;
    @Autowired
    MarketplaceService items;

    String author;
    String word;

    @BeforeEach
    void users() {
        String id = UUID.randomUUID().toString().substring(0, 8);
        author = "mk" + id;
        word = "kw" + id.replaceAll("[0-9]", "q");
        TestSecurity.asAdmin(() -> users.create(author, author + "-password", Role.USER, "", List.of("default")));
    }

    @AfterEach
    void signOut() {
        KaribuSupport.signOut();
    }

    @Test
    void browsing_finds_an_item_by_a_word_of_its_description_and_opens_it() {
        KaribuSupport.signIn(context, author, Role.USER);
        String name = "browse-" + word;
        items.create(ItemDraft.of(name, "Browse me", ItemType.CODE, "A library", "Handles " + word + " well",
                "", List.of("python"), Visibility.PRIVATE));

        UI.getCurrent().navigate("marketplace", QueryParameters.of("q", word));
        MarketplaceView view = _get(MarketplaceView.class);

        assertThat(view.search.getValue()).isEqualTo(word);
        assertThat(view.total.getText()).isEqualTo("1 item");
        assertThat(_find(view.results, ItemCard.class)).singleElement()
                .satisfies(card -> assertThat(card.getElement().getAttribute("data-item")).isEqualTo(name));
        // the view asks for the excerpts that REST gives only on request (highlight=true)
        assertThat(_get(view.results, ItemCard.class).getElement().toString()).contains("<mark>" + word + "</mark>");

        view.search.setValue(word + " nothingmatchesthis");
        assertThat(view.total.getText()).isEqualTo("0 items");
        assertThat(_get(view.results, com.vaadin.flow.component.html.Div.class, spec -> spec.withId("market-empty"))
                .getElement().getTextRecursively()).contains("Nothing matches");

        UI.getCurrent().navigate(ItemView.class, ItemView.parameters(name));
        ItemView item = _get(ItemView.class);
        assertThat(item.title.getText()).isEqualTo("Browse me");
        assertThat(item.description.getElement().getChild(0).getProperty("innerHTML")).contains(word);
    }

    @Test
    void a_deep_link_with_a_tag_opens_the_filtered_results() {
        // Bug: /marketplace?tag=… failed with "Cannot set a value for a ComboBox without items".
        KaribuSupport.signIn(context, author, Role.USER);
        items.create(ItemDraft.of("tagged-" + word, "Tagged", ItemType.CODE, "", "", "", List.of(word),
                Visibility.PRIVATE));

        UI.getCurrent().navigate("marketplace", QueryParameters.of("tag", word));
        MarketplaceView view = _get(MarketplaceView.class);

        assertThat(view.tag.getValue()).isEqualTo(word);
        assertThat(view.total.getText()).isEqualTo("1 item");
    }

    @Test
    void publishing_a_public_item_sends_it_to_review_and_an_admin_approves_it() {
        KaribuSupport.signIn(context, author, Role.USER);
        UI.getCurrent().navigate("marketplace");
        _click(_get(MarketplaceView.class).publish);
        PublishDialog dialog = _get(PublishDialog.class);
        dialog.name.setValue("pub-" + word);
        dialog.displayName.setValue("Published " + word);
        dialog.type.setValue(ItemType.EXAMPLE);
        dialog.visibility.setValue(Visibility.PUBLIC);
        dialog.description.setValue("# Tutorial\n\n<script>alert(1)</script>");
        _click(dialog.save);

        ItemView page = _get(ItemView.class);
        assertThat(page.status.getText()).contains("Waiting for review");
        assertThat(page.description.getElement().getChild(0).getProperty("innerHTML")).doesNotContain("<script");
        KaribuSupport.signOut();

        KaribuSupport.signIn(context, "admin", Role.ADMIN);
        UI.getCurrent().navigate("admin/marketplace-review");
        ReviewView review = _get(ReviewView.class);
        _click(_get(review, com.vaadin.flow.component.button.Button.class, spec -> spec.withId("approve-pub-" + word)));

        assertThat(items.get("pub-" + word).status()).isEqualTo(ReviewStatus.APPROVED);
        assertThat(_find(review.queue, com.vaadin.flow.component.button.Button.class, spec -> spec.withId(
                "approve-pub-" + word))).isEmpty();
    }

    @Test
    void a_rejected_item_shows_the_reason_to_its_author() {
        KaribuSupport.signIn(context, author, Role.USER);
        items.create(ItemDraft.of("rej-" + word, "Rejected", ItemType.DATA, "", "", "nfs://x", List.of(),
                Visibility.PUBLIC));
        KaribuSupport.signOut();
        KaribuSupport.signIn(context, "admin", Role.ADMIN);
        items.setStatus("rej-" + word, ReviewStatus.REJECTED, "Give the data's licence.");
        KaribuSupport.signOut();

        KaribuSupport.signIn(context, author, Role.USER);
        UI.getCurrent().navigate(ItemView.class, ItemView.parameters("rej-" + word));
        assertThat(_get(ItemView.class).status.getText()).contains("Give the data's licence.");
    }
}
