//! User-facing preference enumerations of SPEC.md section 4 (R1.01, R1.02, R2.15, R4.12).

use crate::text_enum::text_enum;

text_enum! {
    /// Display language and number-format locale (R1.01); Indonesian is the default.
    #[derive(Default)]
    pub enum Locale {
        /// Indonesian: dot thousands, comma decimals (R9.10).
        #[default]
        Id => "id",
        /// English: comma thousands, dot decimals (R9.10).
        En => "en",
    }
}

text_enum! {
    /// Colour theme (R1.02); dark is the default.
    #[derive(Default)]
    pub enum Theme {
        /// The default theme.
        #[default]
        Dark => "dark",
        /// The alternative theme.
        Light => "light",
    }
}

text_enum! {
    /// Which holdings the portfolio page shows (R2.15).
    pub enum PortfolioTab {
        /// Spot holdings.
        Spot => "spot",
        /// Perpetual futures positions.
        Futures => "futures",
    }
}

text_enum! {
    /// Progress of the first-visit coachmark tour (R4.12); `ended` by default so nobody is
    /// shown a tour unless it was started deliberately.
    #[derive(Default)]
    pub enum CoachmarkTour {
        /// The tour is running.
        Start => "start",
        /// The user skipped it.
        Skip => "skip",
        /// Finished or never started.
        #[default]
        Ended => "ended",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r1_01_locale_is_id_by_default_and_spelled_in_lower_case() {
        assert_eq!(Locale::default(), Locale::Id);
        assert_eq!("en".parse::<Locale>(), Ok(Locale::En));
        assert!("EN".parse::<Locale>().is_err());
    }

    #[test]
    fn r1_02_theme_is_dark_by_default() {
        assert_eq!(Theme::default(), Theme::Dark);
        assert_eq!(serde_json::to_string(&Theme::Light).unwrap(), "\"light\"");
    }

    #[test]
    fn r2_15_portfolio_tab_is_spot_or_futures() {
        let tabs: Vec<_> = PortfolioTab::ALL.iter().map(|t| t.as_str()).collect();
        assert_eq!(tabs, ["spot", "futures"]);
    }

    #[test]
    fn r4_12_coachmark_tour_defaults_to_ended() {
        assert_eq!(CoachmarkTour::default(), CoachmarkTour::Ended);
        let tours: Vec<_> = CoachmarkTour::ALL.iter().map(|t| t.as_str()).collect();
        assert_eq!(tours, ["start", "skip", "ended"]);
    }
}
